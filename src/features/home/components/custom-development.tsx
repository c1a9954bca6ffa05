import { ArrowRight, Blocks, Cable, DatabaseZap, ShieldCheck } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'

const POINTS = [
  { icon: Blocks, title: 'Built around your process', text: 'Web and mobile applications shaped by workshops with the people who will use them.' },
  { icon: Cable, title: 'Integrations that last', text: 'Payment rails, identity checks, core systems and partner APIs, documented and monitored.' },
  { icon: DatabaseZap, title: 'Data you can trust', text: 'Reporting platforms and pipelines that reconcile to the last kobo.' },
  { icon: ShieldCheck, title: 'Secure from day one', text: 'Threat modelling, code review and penetration testing before anything goes live.' },
]

/** The custom-development block with its link to /contact. */
export function CustomDevelopment() {
  return (
    <section className="py-16 sm:py-24" aria-labelledby="custom-heading">
      <Container className="grid gap-12 lg:grid-cols-12 lg:items-center">
        <div className="lg:col-span-5">
          <p className="text-sm font-semibold tracking-wide text-brand-primary-text uppercase">Custom development</p>
          <h2 id="custom-heading" className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl">
            When off-the-shelf is not enough, we build it with you
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Our engineering team designs and delivers bespoke platforms for banks, fintechs and enterprises, with the same standards we apply to our own
            products.
          </p>
          <Link to="/contact" className={buttonClasses('primary', 'lg', 'mt-8')}>
            Start a Conversation <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
          </Link>
        </div>
        <ul className="grid gap-5 sm:grid-cols-2 lg:col-span-7">
          {POINTS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <Icon aria-hidden="true" className="size-6 text-brand-primary" strokeWidth={1.75} />
              <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
