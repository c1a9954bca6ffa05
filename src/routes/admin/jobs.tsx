import { JobsManager } from '~/features/admin/jobs/components/jobs-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/jobs'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Job Openings')

export default function AdminJobsManagerRoute() {
  return <JobsManager />
}
