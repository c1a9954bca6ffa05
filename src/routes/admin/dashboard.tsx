import { getComingUp, getDashboardFigures } from '~/features/admin/dashboard/api/dashboard-figures'
import { Dashboard } from '~/features/admin/dashboard/components/dashboard'
import { loadOr } from '~/features/admin/lib/admin-action'
import { staffSession } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/dashboard'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Dashboard')

export async function clientLoader() {
  const session = await staffSession()
  const permissions = session.kind === 'staff' ? session.staff.permissions : []
  const [figures, comingUp] = await Promise.all([
    loadOr('Failed to fetch dashboard figures', (db) => getDashboardFigures(db, permissions), null),
    loadOr('Failed to fetch what is coming up', (db) => getComingUp(db), []),
  ])
  return { figures, comingUp }
}

export default function AdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return <Dashboard figures={loaderData.figures} comingUp={loaderData.comingUp} />
}
