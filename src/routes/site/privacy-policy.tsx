import { getRetentionPeriods } from '~/features/legal/api/retention-periods'
import { LegalPage } from '~/features/legal/components/legal-page'
import { RetentionTable } from '~/features/legal/components/retention-table'
import { loadLegalPage } from '~/features/legal/legal-loader'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/privacy-policy'

export async function loader({ context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const [page, retention] = await Promise.all([loadLegalPage(db, 'privacy'), loadSafely('Reading retention periods', () => getRetentionPeriods(db), null)])
  return { ...page, retention }
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: loaderData?.title ?? 'Privacy Policy',
    description: 'How we collect, use, share and protect personal data, your rights, and our refund policy.',
    path: '/privacy-policy',
  })
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage title={loaderData.title} html={loaderData.html} updatedAt={loaderData.updatedAt}>
      {loaderData.retention ? <RetentionTable periods={loaderData.retention} /> : null}
    </LegalPage>
  )
}
