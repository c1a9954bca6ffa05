import { Dashboard } from '~/features/admin/dashboard/components/dashboard'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/dashboard'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Dashboard')

export default function AdminDashboardRoute() {
  return <Dashboard />
}
