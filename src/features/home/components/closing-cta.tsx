import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'
import { Glow } from '~/components/ui/glow'

/** The closing call to action to /contact (also used on inner pages). */
export function ClosingCta({
  title = 'Ready to modernise the systems you run on?',
  text = 'Tell us where you are today. We will show you what your institution could look like on our platforms, with a demo built around your own processes.',
  action = 'Talk to Our Team',
}: {
  title?: string
  text?: string
  action?: string
}) {
  return (
    <section className="py-16 sm:py-24">
      <Container>
        <div className="relative overflow-hidden rounded-3xl bg-brand-primary px-6 py-14 text-center text-on-primary sm:px-16">
          <Glow className="-top-44 -right-44 size-[28rem] from-brand-secondary/30 from-29%" />
          <h2 className="relative mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{title}</h2>
          <p className="relative mx-auto mt-4 max-w-2xl text-lg opacity-90">{text}</p>
          <Link to="/contact" className={buttonClasses('light', 'lg', 'relative mt-8')}>
            {action} <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
          </Link>
        </div>
      </Container>
    </section>
  )
}
