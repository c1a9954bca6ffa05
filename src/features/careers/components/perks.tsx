import { GraduationCap, HeartPulse, Laptop, TrendingUp, type LucideIcon } from 'lucide-react'

const PERKS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: TrendingUp, title: 'Growth that is planned', text: 'A mentor, a learning budget and a clear path to your next role.' },
  { icon: HeartPulse, title: 'Health cover', text: 'Private health insurance for you and your immediate family.' },
  { icon: Laptop, title: 'Hybrid working', text: 'Flexible hours, a modern Lagos office and the kit you need at home.' },
  { icon: GraduationCap, title: 'Meaningful work', text: 'Software that banks, schools and businesses depend on every day.' },
]

/** The four perks of working here. */
export function Perks() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {PERKS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6">
          <Icon aria-hidden="true" className="size-6 text-brand-primary" strokeWidth={1.75} />
          <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
          <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
        </li>
      ))}
    </ul>
  )
}
