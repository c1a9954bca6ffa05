import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type TeamMember = Pick<Tables<'team_members'>, 'id' | 'name' | 'position' | 'bio' | 'avatar' | 'linkedin_url' | 'twitter_url'>

/** The leadership team in the admin's order (order_index). */
export async function getTeamMembers(db: Db): Promise<TeamMember[]> {
  return unwrap(
    await db.from('team_members').select('id, name, position, bio, avatar, linkedin_url, twitter_url').order('order_index', { ascending: true }),
    'Failed to fetch team members',
  )
}
