import { getRecordHealth } from '~/features/admin/archive/api/records'
import { RecordHealthNotice } from '~/features/admin/archive/components/record-health-notice'
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
  const [figures, comingUp, recordHealth] = await Promise.all([
    loadOr('Failed to fetch dashboard figures', (db) => getDashboardFigures(db, permissions), null),
    loadOr('Failed to fetch what is coming up', (db) => getComingUp(db), []),
    // Reviewers and admins are told when the publication record's daily check found it broken.
    permissions.includes('content.approve') ? loadOr('Failed to read the publication record', getRecordHealth, null) : Promise.resolve(null),
  ])
  return { figures, comingUp, recordHealth }
}

export default function AdminDashboardRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <RecordHealthNotice health={loaderData.recordHealth} />
      <Dashboard figures={loaderData.figures} comingUp={loaderData.comingUp} />
    </>
  )
}
