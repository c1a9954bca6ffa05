import { jobOpeningMessages } from '~/entities/job-opening'
import { listJobOpenings, setJobOpeningActive } from '~/features/admin/jobs/api/jobs'
import { jobIntents } from '~/features/admin/jobs/job-intents'
import { jobsResource } from '~/features/admin/jobs/jobs-resource'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/jobs'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Job Openings')

export async function clientLoader() {
  const [rows, signOff] = await Promise.all([
    loadOr(jobOpeningMessages.fetchFailed, listJobOpenings, []),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'job'), NO_SIGN_OFF),
  ])
  return { rows, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// The list's writes; an opening is written on its own page (job.tsx).
const jobCrud = jobIntents(approvalRequired)

export const clientAction = adminAction({
  ...revisionIntents,
  delete: jobCrud.delete,
  requestReview: jobCrud.requestReview,
  addToRelease: jobCrud.addToRelease,
  activate: (db, body) =>
    attempt(
      () => setJobOpeningActive(db, String(body.id), body.active === true),
      jobOpeningMessages.updateFailed,
      body.active === true ? jobOpeningMessages.activated : jobOpeningMessages.deactivated,
    ),
})

export default function AdminJobsRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ResourceScreen resource={jobsResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
