import { privacyMessages as text, type PersonalData } from '~/entities/personal-data'
import { requestCvLink } from '~/features/admin/applications/api/cv-link-requests'
import { exportPersonalData, findPersonalData, requestErasure } from '~/features/admin/privacy/api/privacy'
import { PrivacyScreen } from '~/features/admin/privacy/components/privacy-screen'
import { adminAction, attempt, loadOr, refused } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/privacy'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Personal Data')

/** The address looked up is in the URL (?email=): a new address, a reload or a write looks it up again. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const email = new URL(request.url).searchParams.get('email')?.trim() ?? ''
  const found: PersonalData | null = email ? await loadOr(text.lookupFailed, (db) => findPersonalData(db, email), null) : null
  return { email, found }
}

export const clientAction = adminAction({
  // The ZIP is made here (its CVs through links the web server signs) and handed to the screen as a link to download.
  export: async (db, body) => {
    let link = ''
    const cvLink = (applicationId: string) => requestCvLink(db, applicationId)
    const result = await attempt(async () => (link = URL.createObjectURL(await exportPersonalData(db, String(body.email), cvLink))), text.exportFailed)
    return result.ok ? { ...result, link } : result
  },
  erase: (db, body) => {
    const email = String(body.email ?? '').trim()
    if (
      !email ||
      String(body.confirmation ?? '')
        .trim()
        .toLowerCase() !== email.toLowerCase()
    ) {
      return Promise.resolve(refused(text.confirmMismatch, { confirmation: text.confirmMismatch }))
    }
    return requestErasure(db, email)
  },
})

export default function AdminPrivacyRoute({ loaderData }: Route.ComponentProps) {
  return <PrivacyScreen email={loaderData.email} found={loaderData.found} />
}
