import { APPLICATION_STATUSES, applicationMessages as text } from '~/entities/job-application'
import { listApplications, listOpenings, setApplicationStatus } from '~/features/admin/applications/api/applications'
import { requestCvLink } from '~/features/admin/applications/api/cv-link-requests'
import { ApplicationsScreen } from '~/features/admin/applications/components/applications-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/applications'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Applications')

/** `?opening=<id>` shows the applications for that opening only. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const openingId = new URL(request.url).searchParams.get('opening') || null
  const [applications, openings] = await Promise.all([
    loadOr(text.fetchFailed, (db) => listApplications(db, openingId), []),
    loadOr(text.openingsFailed, listOpenings, []),
  ])
  return { applications, openings }
}

export const clientAction = adminAction({
  // The CV's short-lived link, signed by the web server once it has logged the download.
  cv: (db, body) => requestCvLink(db, String(body.id)),
  status: (db, body) => {
    const status = APPLICATION_STATUSES.find((s) => s === body.status)
    if (!status) return Promise.resolve({ ok: false, toast: { kind: 'error', message: text.updateFailed } })
    return attempt(() => setApplicationStatus(db, String(body.id), status), text.updateFailed, text.marked(status))
  },
})

export default function AdminApplicationsRoute({ loaderData }: Route.ComponentProps) {
  return <ApplicationsScreen applications={loaderData.applications} openings={loaderData.openings} />
}
