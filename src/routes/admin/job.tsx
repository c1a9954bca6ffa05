import { jobOpeningMessages } from '~/entities/job-opening'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ItemPage } from '~/features/admin/components/resource-page'
import { getJobOpening } from '~/features/admin/jobs/api/jobs'
import { jobIntents } from '~/features/admin/jobs/job-intents'
import { jobPage } from '~/features/admin/jobs/jobs-resource'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/job'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.job ? `Edit: ${data.job.title}` : 'Job Opening')

/** A job opening ('new': none yet), with its sign-off: its change waiting, its review, the open releases. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const isNew = params.id === 'new'
  const [job, signOff] = await Promise.all([
    isNew ? null : loadOr(jobOpeningMessages.fetchFailed, (db) => getJobOpening(db, params.id), null),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'job'), NO_SIGN_OFF),
  ])
  return { isNew, job, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

const jobCrud = jobIntents(approvalRequired)

export const clientAction = adminAction({
  create: jobCrud.create,
  update: jobCrud.update,
  restore: revisionIntents.restore,
  requestReview: jobCrud.requestReview,
  addToRelease: jobCrud.addToRelease,
})

export default function AdminJobRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ItemPage description={jobPage} item={loaderData.job} isNew={loaderData.isNew} noun="job opening" />
    </ReviewStates>
  )
}
