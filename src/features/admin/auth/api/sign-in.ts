import type { Db } from '~/lib/supabase'
import { getStaffSession, type StaffSession } from './staff-session'

export type SignInResult = { kind: 'failed' } | Exclude<StaffSession, { kind: 'signed-out' }>

/**
 * E-mail and password through Supabase Auth. Whatever the reason a sign-in fails (unknown e-mail,
 * wrong password, throttled) the caller learns only that it failed. A valid account without a
 * staff role is signed out again at once, so it holds no session in this browser. A person with an
 * authenticator app gets `needs-code`: the session stays at aal1 until verifyCode passes.
 */
export async function signIn(db: Db, email: string, password: string): Promise<SignInResult> {
  const { error } = await db.auth.signInWithPassword({ email, password })
  if (error) return { kind: 'failed' }
  const session = await getStaffSession(db)
  if (session.kind === 'signed-out') return { kind: 'failed' }
  if (session.kind === 'no-access') await db.auth.signOut({ scope: 'local' })
  return session
}
