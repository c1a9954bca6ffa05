import { TeamManager } from '~/features/admin/team/components/team-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/team'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Team Members')

export default function AdminTeamManagerRoute() {
  return <TeamManager />
}
