import { LegalPage } from '~/features/legal/components/legal-page'
import { loadLegalPage } from '~/features/legal/legal-loader'
import { requestDb } from '~/lib/db.server'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { Route } from './+types/privacy-policy'

export async function loader({ context }: Route.LoaderArgs) {
  return loadLegalPage(requestDb(context), 'privacy')
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: loaderData?.title ?? 'Privacy Policy',
    description: 'How we collect, use, share and protect personal data, your rights, and our refund policy.',
    path: '/privacy-policy',
  })
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage title={loaderData.title} html={loaderData.html} updatedAt={loaderData.updatedAt} />
}
