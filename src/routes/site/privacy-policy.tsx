import { LegalPage } from '~/features/legal/components/legal-page'
import { RetentionTable } from '~/features/legal/components/retention-table'
import { loadLegalPage } from '~/features/legal/legal-loader'
import { requestSiteSettings } from '~/features/settings/api/site-settings.server'
import { requestDb } from '~/lib/db.server'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/privacy-policy'

export async function loader({ context }: Route.LoaderArgs) {
  const [page, { retention }] = await Promise.all([loadLegalPage(requestDb(context), 'privacy'), requestSiteSettings(context)])
  return { ...page, retention }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: loaderData?.title ?? 'Privacy Policy',
    description: 'How we collect, use, share and protect personal data, your rights, and our refund policy.',
    path: '/privacy-policy',
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { retention } = loaderData
  return (
    <LegalPage title={loaderData.title} html={loaderData.html} updatedAt={loaderData.updatedAt}>
      {retention ? <RetentionTable periods={retention} /> : null}
    </LegalPage>
  )
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} />
}
