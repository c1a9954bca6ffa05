import { Container } from './container'
import { Glow } from './glow'

/** The heading band at the top of an inner page: eyebrow, the page's h1, and a lead paragraph. */
export function PageHero({ eyebrow, title, description, children }: { eyebrow?: string; title: string; description?: string; children?: React.ReactNode }) {
  return (
    <section className="relative overflow-hidden border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
      <Glow className="-top-56 right-[calc(-10%-8rem)] size-[44rem] from-brand-secondary/10 from-27%" />
      <Container className="relative py-14 sm:py-20">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-brand-primary-text uppercase">{eyebrow}</p>}
        <h1 className="mt-3 max-w-3xl text-4xl font-semibold tracking-tight text-balance text-slate-900 sm:text-5xl">{title}</h1>
        {description && <p className="mt-5 max-w-2xl text-lg text-pretty text-slate-600">{description}</p>}
        {children}
      </Container>
    </section>
  )
}
