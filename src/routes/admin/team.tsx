import { teamMemberMessages, teamMemberSchema } from '~/entities/team-member'
import { createTeamMember, deleteTeamMember, listTeamMembers, swapTeamMembers, updateTeamMember } from '~/features/admin/team/api/team'
import { teamResource } from '~/features/admin/team/team-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, crudIntents, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/team'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Team Members')

export async function clientLoader() {
  return { rows: await loadOr(teamMemberMessages.fetchFailed, listTeamMembers, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction({
  ...crudIntents({ schema: teamMemberSchema, messages: teamMemberMessages }, { create: createTeamMember, update: updateTeamMember, remove: deleteTeamMember }),
  move: (db, body) => attempt(() => swapTeamMembers(db, String(body.id), String(body.with)), teamMemberMessages.moveFailed),
})

export default function AdminTeamRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={teamResource} rows={loaderData.rows} />
}
