import { jobOpeningMessages } from '~/entities/job-opening'
import { ItemPage } from '~/features/admin/components/resource-page'
import { getJobOpening } from '~/features/admin/jobs/api/jobs'
import { jobCrud } from '~/features/admin/jobs/job-intents'
import { jobPage } from '~/features/admin/jobs/jobs-resource'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import type { Route } from './+types/job'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.job ? `Edit: ${data.job.title}` : 'Job Opening')

/** A job opening ('new': none yet). */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const isNew = params.id === 'new'
  return { isNew, job: isNew ? null : await loadOr(jobOpeningMessages.fetchFailed, (db) => getJobOpening(db, params.id), null) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction({ create: jobCrud.create, update: jobCrud.update, restore: revisionIntents.restore })

export default function AdminJobRoute({ loaderData }: Route.ComponentProps) {
  return <ItemPage description={jobPage} item={loaderData.job} isNew={loaderData.isNew} noun="job opening" />
}
