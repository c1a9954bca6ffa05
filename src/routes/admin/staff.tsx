import { data } from 'react-router'
import { staffMessages as text } from '~/entities/staff-member'
import { fetchStaff, postStaffIntent } from '~/features/admin/staff/api/staff-requests'
import { StaffScreen } from '~/features/admin/staff/components/staff-screen'
import { loadOr, type ActionBody } from '~/features/admin/lib/admin-action'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/staff'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Staff')

export async function clientLoader() {
  return await loadOr(text.fetchFailed, (db) => fetchStaff(db), { staff: [], roles: [] })
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// Every Staff change runs on the web server (it needs the service-role key), with this admin's token.
export async function clientAction({ request }: Route.ClientActionArgs) {
  const result = await postStaffIntent(await adminDb(), (await request.json()) as ActionBody)
  return result.ok ? result : data(result, { status: 400 })
}

export default function AdminStaffRoute({ loaderData }: Route.ComponentProps) {
  return <StaffScreen staff={loaderData.staff} roles={loaderData.roles} />
}
