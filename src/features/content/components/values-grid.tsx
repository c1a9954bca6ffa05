import { Handshake, Lightbulb, ShieldCheck, Target, type LucideIcon } from 'lucide-react'

const VALUES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: ShieldCheck, title: 'Integrity', text: 'We handle other people’s money and data. We are honest about what our software does and what it does not.' },
  { icon: Lightbulb, title: 'Innovation', text: 'We adopt new technology when it makes our clients’ lives simpler, not because it is new.' },
  { icon: Target, title: 'Excellence', text: 'Correct to the last kobo, fast under load, and pleasant to use for a whole working day.' },
  { icon: Handshake, title: 'Partnership', text: 'We stay beside our clients long after go-live and measure success by theirs.' },
]

/** The four core values on /about. */
export function ValuesGrid() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {VALUES.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-primary text-on-primary">
            <Icon aria-hidden="true" className="size-5" strokeWidth={1.75} />
          </span>
          <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  )
}
