import { Building2, Factory, GraduationCap, HeartPulse, Landmark, Leaf, ShieldCheck, ShoppingCart, type LucideIcon } from 'lucide-react'
import type { Industry } from '../industries'

const ICONS: Record<Industry['icon'], LucideIcon> = { Landmark, HeartPulse, GraduationCap, Building2, Leaf, Factory, ShoppingCart, ShieldCheck }

export function IndustryCard({ industry, index }: { industry: Industry; index: number }) {
  const Icon = ICONS[industry.icon]
  return (
    <article className="h-full animate-fade-up rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" style={{ animationDelay: `${index * 0.1}s` }}>
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-secondary/15 text-brand-primary">
        <Icon aria-hidden="true" className="size-6" strokeWidth={1.75} />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-slate-900">{industry.name}</h2>
      <p className="mt-2 text-sm leading-6 text-slate-600">{industry.description}</p>
    </article>
  )
}
