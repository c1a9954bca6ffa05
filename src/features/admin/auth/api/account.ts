import { check, type Db } from '~/lib/supabase'

/** The name shown in the header and on the Staff screen. */
export async function setDisplayName(db: Db, name: string): Promise<void> {
  check(await db.auth.updateUser({ data: { full_name: name } }), 'saving the name')
}

/** Ends every session of this person but the one in this browser. */
export async function signOutOtherSessions(db: Db): Promise<void> {
  check(await db.auth.signOut({ scope: 'others' }), 'signing out other sessions')
}
