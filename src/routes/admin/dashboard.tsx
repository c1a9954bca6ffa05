import { getComingUp, getDashboardFigures } from '~/features/admin/dashboard/api/get-dashboard-figures'
import { Dashboard } from '~/features/admin/dashboard/components/dashboard'
import { loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/dashboard'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Dashboard')

export async function clientLoader() {
  const [figures, comingUp] = await Promise.all([
    loadOr('Failed to fetch dashboard figures', getDashboardFigures, null),
    loadOr('Failed to fetch what is coming up', (db) => getComingUp(db), []),
  ])
  return { figures, comingUp }
}

export default function AdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return <Dashboard figures={loaderData.figures} comingUp={loaderData.comingUp} />
}
