import { Award, Building, Globe, Users, type LucideIcon } from 'lucide-react'
import { Container } from '~/components/ui/container'
import type { StatIcon, StatsContent } from '../home-content'

const ICONS: Record<StatIcon, LucideIcon> = { Users, Building, Globe, Award }

/** The stats band: four figures with an icon, label and description. */
export function StatsBand({ stats }: { stats: StatsContent }) {
  return (
    <section className="bg-brand-primary py-16 text-on-primary sm:py-20" aria-labelledby="stats-heading">
      <Container>
        <div className="max-w-2xl">
          <h2 id="stats-heading" className="text-3xl font-semibold tracking-tight sm:text-4xl">
            {stats.title}
          </h2>
          <p className="mt-3 text-lg opacity-85">{stats.subtitle}</p>
        </div>
        <dl className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {stats.stats.map((stat, index) => {
            const Icon = ICONS[stat.icon]
            return (
              <div key={`${stat.label}-${index}`} className="rounded-2xl bg-white/8 p-6 ring-1 ring-white/15">
                <Icon aria-hidden="true" className="size-6 text-brand-secondary" strokeWidth={1.75} />
                <dd className="mt-4 text-4xl font-semibold tracking-tight">{stat.number}</dd>
                <dt className="mt-1 font-semibold">{stat.label}</dt>
                {stat.description && <dd className="mt-2 text-sm opacity-80">{stat.description}</dd>}
              </div>
            )
          })}
        </dl>
      </Container>
    </section>
  )
}
