import { Clock, HeartHandshake, Lock, MapPin, Scale, Wrench } from 'lucide-react'
import { Container } from '~/components/ui/container'

const REASONS = [
  { icon: Lock, title: 'Security first', text: 'Encryption, maker-checker controls and audit trails in every product, reviewed by our own security team.' },
  { icon: Scale, title: 'Built to scale', text: 'Platforms that serve a single branch today and millions of customers tomorrow, on the same code.' },
  { icon: MapPin, title: 'Local expertise', text: 'Engineers and consultants who know African regulation, payment rails and the realities of the field.' },
  { icon: Clock, title: 'Around-the-clock support', text: 'A support desk that answers at 2 a.m. on a month-end night, with clear response times.' },
  { icon: Wrench, title: 'Configurable, not custom-coded', text: 'Your team changes products, rules and workflows without waiting for a vendor release.' },
  { icon: HeartHandshake, title: 'Partners after go-live', text: 'We measure success by how you run a year later, not by the day we switched you on.' },
]

export function WhyChooseUs() {
  return (
    <section className="py-16 sm:py-24" aria-labelledby="why-heading">
      <Container>
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-brand-primary-text uppercase">Why choose us</p>
          <h2 id="why-heading" className="mt-2 text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">
            The partner institutions trust with their core systems
          </h2>
        </div>
        <ul className="mt-12 grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
          {REASONS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-primary text-on-primary">
                <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
              </span>
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1.5 text-sm leading-6 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
