import { jobOpeningMessages, jobOpeningSchema } from '~/entities/job-opening'
import { createJobOpening, deleteJobOpening, listJobOpenings, setJobOpeningActive, updateJobOpening } from '~/features/admin/jobs/api/jobs'
import { jobsResource } from '~/features/admin/jobs/jobs-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { signOffIntents } from '~/features/admin/reviews/sign-off-intents'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
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

export const clientAction = adminAction({
  ...revisionIntents,
  ...signOffIntents(
    'job',
    { schema: jobOpeningSchema, messages: jobOpeningMessages },
    { create: createJobOpening, update: updateJobOpening, remove: deleteJobOpening },
  ),
  activate: (db, body) =>
    attempt(
      () => setJobOpeningActive(db, String(body.id), body.active === true),
      jobOpeningMessages.updateFailed,
      body.active === true ? jobOpeningMessages.activated : jobOpeningMessages.deactivated,
    ),
})

export default function AdminJobsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReviewStates signOff={loaderData.signOff}>
      <ResourceScreen resource={jobsResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
