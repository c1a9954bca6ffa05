import { jobOpeningMessages } from '~/entities/job-opening'
import { listJobOpenings, setJobOpeningActive } from '~/features/admin/jobs/api/jobs'
import { jobCrud } from '~/features/admin/jobs/job-intents'
import { jobsResource } from '~/features/admin/jobs/jobs-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import type { Route } from './+types/jobs'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Job Openings')

export async function clientLoader() {
  return { rows: await loadOr(jobOpeningMessages.fetchFailed, listJobOpenings, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// The list's writes; an opening is written on its own page (job.tsx).
export const clientAction = adminAction({
  ...revisionIntents,
  delete: jobCrud.delete,
  activate: (db, body) =>
    attempt(
      () => setJobOpeningActive(db, String(body.id), body.active === true),
      jobOpeningMessages.updateFailed,
      body.active === true ? jobOpeningMessages.activated : jobOpeningMessages.deactivated,
    ),
})

export default function AdminJobsRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={jobsResource} rows={loaderData.rows} />
}
