import { teamMemberMessages, teamMemberSchema } from '~/entities/team-member'
import { createTeamMember, deleteTeamMember, listTeamMembers, swapTeamMembers, updateTeamMember } from '~/features/admin/team/api/team'
import { teamResource } from '~/features/admin/team/team-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { signOffIntents } from '~/features/admin/reviews/sign-off-intents'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/team'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Team Members')

export async function clientLoader() {
  const [rows, signOff] = await Promise.all([
    loadOr(teamMemberMessages.fetchFailed, listTeamMembers, []),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'team_member'), NO_SIGN_OFF),
  ])
  return { rows, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction({
  ...signOffIntents(
    'team_member',
    { schema: teamMemberSchema, messages: teamMemberMessages },
    { create: createTeamMember, update: updateTeamMember, remove: deleteTeamMember },
    approvalRequired,
  ),
  move: (db, body) => attempt(() => swapTeamMembers(db, String(body.id), String(body.with)), teamMemberMessages.moveFailed),
})

export default function AdminTeamRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ResourceScreen resource={teamResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
