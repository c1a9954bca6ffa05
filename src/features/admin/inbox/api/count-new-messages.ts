import type { Db } from '~/lib/supabase'

/** How many contact messages nobody has handled yet (the sidebar's Inbox badge). */
export async function countNewMessages(db: Db): Promise<number> {
  const { count, error } = await db.from('contact_messages').select('id', { count: 'exact', head: true }).eq('status', 'new')
  if (error) throw new Error(`Failed to count messages: ${error.message}`)
  return count ?? 0
}
