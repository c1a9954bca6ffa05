import { Container } from '~/components/ui/container'
import { PageHero } from '~/components/ui/page-hero'
import { getSolutions } from '~/features/solutions/api/solutions'
import { CustomProjectCta } from '~/features/solutions/components/custom-project-cta'
import { SolutionCard } from '~/features/solutions/components/solution-card'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/solutions'

export async function loader({ context }: Route.LoaderArgs) {
  return { solutions: await loadSafely('Reading solutions', () => getSolutions(requestDb(context)), []) }
}

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Solutions',
    description: 'Core banking, education, HR, debt recovery, AI and custom software: the product suite for banks, schools and businesses across Africa.',
    path: '/solutions',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { solutions } = loaderData
  return (
    <>
      <PageHero
        eyebrow="Our Solutions"
        title="Software for the institutions that keep economies moving"
        description="Each product is built for its market, runs on a secure modern stack and is supported by the team that wrote it."
      />
      <Container className="py-14 sm:py-20">
        {solutions.length === 0 ? (
          <p className="text-slate-600">Our solutions will be listed here shortly.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {solutions.map((solution, index) => (
              <li key={solution.id} className="flex">
                <SolutionCard solution={solution} index={index} />
              </li>
            ))}
          </ul>
        )}
      </Container>
      <CustomProjectCta />
    </>
  )
}

export default function Solutions({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
