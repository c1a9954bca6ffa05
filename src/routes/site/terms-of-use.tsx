import { LegalPage } from '~/features/legal/components/legal-page'
import { loadLegalPage } from '~/features/legal/legal-loader'
import { requestDb } from '~/lib/db.server'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/terms-of-use'

export async function loader({ context }: Route.LoaderArgs) {
  return loadLegalPage(requestDb(context), 'terms')
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: loaderData?.title ?? 'Terms of Use',
    description: 'The terms that govern the use of our website.',
    path: '/terms-of-use',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  return <LegalPage title={loaderData.title} html={loaderData.html} updatedAt={loaderData.updatedAt} />
}

export default function TermsOfUse({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
