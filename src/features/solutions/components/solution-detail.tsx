import { ArrowRight, CheckCircle2, ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { ArticleHeader } from '~/components/ui/article-header'
import { Badge } from '~/components/ui/badge'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'
import type { Solution } from '../api/solutions'
import type { SolutionSummary } from '../api/solutions'
import { featuresOf } from '~/entities/solution'
import { SolutionIcon } from './solution-icon'
import { StatusBadge } from './status-badge'

/** 'Visit Website' goes to /contact when the url reads 'Contact Us' (or is not a web address). */
export function visitHref(url: string): { href: string; external: boolean } {
  const trimmed = url.trim()
  if (/^https?:\/\//i.test(trimmed)) return { href: trimmed, external: true }
  return { href: '/contact', external: false }
}

export function SolutionDetail({ solution, others }: { solution: Solution; others: SolutionSummary[] }) {
  const features = featuresOf(solution.features)
  const paragraphs = solution.longdescription
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
  const visit = visitHref(solution.url)
  return (
    <>
      <ArticleHeader
        back={{ to: '/solutions', label: 'All solutions' }}
        eyebrow={solution.category}
        badge={<StatusBadge status={solution.status} />}
        title={solution.title}
        lead={solution.shortdescription}
        aside={
          <span className="inline-flex size-40 items-center justify-center rounded-3xl bg-brand-primary text-on-primary shadow-xl shadow-brand-primary/20">
            <SolutionIcon name={solution.icon} className="size-16" />
          </span>
        }
      >
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={`/contact?interest=${encodeURIComponent(solution.slug)}`} className={buttonClasses('primary', 'lg')}>
            Request a Demo
          </Link>
          {visit.external ? (
            <a href={visit.href} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'lg')}>
              Visit Website <ExternalLink aria-hidden="true" className="size-4" strokeWidth={1.75} />
            </a>
          ) : (
            <Link to={visit.href} className={buttonClasses('outline', 'lg')}>
              Visit Website
            </Link>
          )}
        </div>
      </ArticleHeader>

      <Container className="grid gap-12 py-14 sm:py-20 md:grid-cols-12">
        <div className="md:col-span-7">
          <h2 className="text-2xl font-semibold tracking-tight text-slate-900">Overview</h2>
          <div className="mt-5 space-y-5 text-lg leading-8 text-slate-700">
            {paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
        </div>
        <aside className="md:col-span-5">
          {solution.targetaudience.length > 0 && (
            <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
              <h2 className="text-lg font-semibold text-slate-900">Who it is for</h2>
              <ul className="mt-4 flex flex-wrap gap-2">
                {solution.targetaudience.map((audience) => (
                  <li key={audience}>
                    <Badge tone="brand" className="px-3 py-1 text-sm">
                      {audience}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </aside>
      </Container>

      {features.length > 0 && (
        <section className="bg-slate-50 py-14 sm:py-20" aria-labelledby="features-heading">
          <Container>
            <h2 id="features-heading" className="text-3xl font-semibold tracking-tight text-slate-900">
              Key Features
            </h2>
            <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {features.map((feature) => (
                <li key={feature.title} className="rounded-2xl border border-slate-200 bg-white p-6">
                  <CheckCircle2 aria-hidden="true" className="size-6 text-brand-secondary" strokeWidth={1.75} />
                  <h3 className="mt-4 font-semibold text-slate-900">{feature.title}</h3>
                  {feature.description && <p className="mt-2 text-sm leading-6 text-slate-600">{feature.description}</p>}
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}

      {others.length > 0 && (
        <section className="py-14 sm:py-20" aria-labelledby="others-heading">
          <Container>
            <h2 id="others-heading" className="text-3xl font-semibold tracking-tight text-slate-900">
              Other Solutions
            </h2>
            <ul className="mt-10 grid gap-5 md:grid-cols-3">
              {others.map((other) => (
                <li key={other.id}>
                  <Link
                    to={`/solutions/${other.slug}`}
                    className="group flex h-full flex-col rounded-2xl border border-slate-200 p-6 transition hover:border-slate-300 hover:shadow-md"
                  >
                    <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-primary/8 text-brand-primary">
                      <SolutionIcon name={other.icon} className="size-5" />
                    </span>
                    <h3 className="mt-4 font-semibold text-slate-900">{other.title}</h3>
                    <p className="mt-2 line-clamp-3 text-sm text-slate-600">{other.shortdescription}</p>
                    <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-semibold text-brand-primary-text">
                      Learn More <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Container>
        </section>
      )}
    </>
  )
}
