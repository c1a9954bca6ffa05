import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { IndustryCard } from '~/features/industries/components/industry-card'
import { INDUSTRIES } from '~/features/industries/industries'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/industries'

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Industries',
    description: 'Software for banking and finance, healthcare, education, government, real estate and green energy, manufacturing, retail and insurance.',
    path: '/industries',
  })
}

export default function Industries() {
  return (
    <>
      <PageHero
        eyebrow="Industries"
        title="Industries We Serve"
        description="Every sector has its own rules, rails and rhythms. Our products and teams are shaped by the industries we work in."
      />
      <Container className="py-14 sm:py-20">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {INDUSTRIES.map((industry, index) => (
            <li key={industry.name}>
              <IndustryCard industry={industry} index={index} />
            </li>
          ))}
        </ul>
        <div className="mt-14 flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-8 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-xl font-semibold text-slate-900">Don’t see your industry?</h2>
            <p className="mt-1 text-slate-600">Tell us about your institution and we will show you what we can build together.</p>
          </div>
          <Link to="/contact" className={buttonClasses('primary', 'lg')}>
            Contact Us <ArrowRight aria-hidden="true" className="size-4" strokeWidth={1.75} />
          </Link>
        </div>
      </Container>
    </>
  )
}
