import type { Db } from '~/lib/supabase'

/** Ends the session on the server (its refresh token is revoked) and forgets it in this browser. */
export async function signOut(db: Db): Promise<void> {
  const { error } = await db.auth.signOut({ scope: 'local' })
  // The server may already consider the session gone; the browser forgets it either way.
  if (error) console.warn('Sign-out: the server did not confirm', error.message)
}
