import { teamMemberMessages as m, type TeamMember, type TeamMemberValues } from '~/entities/team-member'
import { check, unwrap, type Db, versioned } from '~/lib/supabase'

/** The team in its order (order_index ascending). */
export async function listTeamMembers(db: Db): Promise<TeamMember[]> {
  return unwrap(await db.from('team_members').select('*').order('order_index', { ascending: true }), m.fetchFailed)
}

/** A new member goes last: the highest order_index plus one, or 1 for the first. */
export async function createTeamMember(db: Db, values: TeamMemberValues): Promise<void> {
  const last = unwrap(await db.from('team_members').select('order_index').order('order_index', { ascending: false }).limit(1), m.createFailed)
  const order_index = (last[0]?.order_index ?? 0) + 1
  unwrap(
    await db
      .from('team_members')
      .insert({ ...values, order_index })
      .select('id')
      .single(),
    m.createFailed,
  )
}

export async function updateTeamMember(db: Db, id: string, values: TeamMemberValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('team_members')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteTeamMember(db: Db, id: string): Promise<void> {
  unwrap(await db.from('team_members').delete().eq('id', id).select('id').single(), m.deleteFailed)
}

/** Move up or down: the two neighbours swap places in one database statement. */
export async function swapTeamMembers(db: Db, firstId: string, secondId: string): Promise<void> {
  check(await db.rpc('swap_team_member_order', { first_id: firstId, second_id: secondId }), m.moveFailed)
}
