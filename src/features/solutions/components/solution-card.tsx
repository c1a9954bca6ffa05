import { ArrowRight, Check } from 'lucide-react'
import { Link } from 'react-router'
import type { SolutionSummary } from '../api/solutions'
import { featuresOf } from '~/entities/solution'
import { SolutionIcon } from './solution-icon'
import { StatusBadge } from './status-badge'

const PREVIEW = 3

/** A solution on /solutions: icon, status, title, short description, three features and '+ N more'. */
export function SolutionCard({ solution, index = 0 }: { solution: SolutionSummary; index?: number }) {
  const features = featuresOf(solution.features)
  const more = features.length - PREVIEW
  return (
    <article
      className="group flex animate-fade-up flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md sm:p-7"
      style={{ animationDelay: `${index * 0.1}s` }}
    >
      <div className="flex items-start justify-between gap-4">
        <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-primary/8 text-brand-primary">
          <SolutionIcon name={solution.icon} />
        </span>
        <StatusBadge status={solution.status} />
      </div>
      <p className="mt-5 text-sm font-medium text-slate-500">{solution.category}</p>
      <h2 className="mt-1 text-xl font-semibold tracking-tight text-slate-900">{solution.title}</h2>
      <p className="mt-3 text-slate-600">{solution.shortdescription}</p>
      {features.length > 0 && (
        <ul className="mt-5 space-y-2 text-sm text-slate-700">
          {features.slice(0, PREVIEW).map((feature) => (
            <li key={feature.title} className="flex gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-secondary" strokeWidth={1.75} />
              {feature.title}
            </li>
          ))}
          {more > 0 && <li className="pl-6 text-slate-500">{`+ ${more} more`}</li>}
        </ul>
      )}
      <div className="mt-auto pt-6">
        <Link
          to={`/solutions/${solution.slug}`}
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-primary-text hover:underline"
          aria-label={`Learn More about ${solution.title}`}
        >
          Learn More <ArrowRight aria-hidden="true" className="size-4 transition group-hover:translate-x-0.5" strokeWidth={1.75} />
        </Link>
      </div>
    </article>
  )
}
