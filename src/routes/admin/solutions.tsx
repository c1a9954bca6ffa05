import { SolutionsManager } from '~/features/admin/solutions/components/solutions-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/solutions'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Solutions')

export default function AdminSolutionsManagerRoute() {
  return <SolutionsManager />
}
