import type { Db } from '~/lib/supabase'

/** The Authorization header that carries the signed-in staff member's own token to the web server. */
export async function authorization(db: Db): Promise<string> {
  const { data } = await db.auth.getSession()
  return `Bearer ${data.session?.access_token ?? ''}`
}
