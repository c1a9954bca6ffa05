import { ApplicationsManager } from '~/features/admin/applications/components/applications-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/applications'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Applications')

export default function AdminApplicationsManagerRoute() {
  return <ApplicationsManager />
}
