import { redirect } from 'react-router'
import { getOtherSolutions } from '~/features/solutions/api/solutions'
import { getSolution } from '~/features/solutions/api/solutions'
import { SolutionDetail } from '~/features/solutions/components/solution-detail'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { breadcrumbLd, buildMeta, siteContextFrom } from '~/lib/seo'
import { withSearchFields } from '~/lib/seo-fields'
import type { Route } from './+types/solution'

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const [solution, others] = await Promise.all([
    loadSafely(`Reading solution ${params.slug}`, () => getSolution(db, params.slug), null),
    loadSafely('Reading other solutions', () => getOtherSolutions(db, params.slug, 3), []),
  ])
  // An unknown slug goes back to the list.
  if (!solution) throw redirect('/solutions')
  return { solution, others }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteContextFrom(matches)
  if (!loaderData) return []
  const { solution } = loaderData
  const path = `/solutions/${solution.slug}`
  const page = {
    title: solution.title,
    description: solution.metadescription,
    path,
    jsonLd: [
      breadcrumbLd(site, [
        { name: 'Home', path: '/' },
        { name: 'Solutions', path: '/solutions' },
        { name: solution.title, path },
      ]),
    ],
  }
  return buildMeta(site, withSearchFields(page, solution))
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  return <SolutionDetail solution={loaderData.solution} others={loaderData.others} />
}

export default function SolutionPage({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
