import type { Db } from '~/lib/supabase'

export interface Staff {
  userId: string
  email: string
  /** The person's name when their account has one, for the header greeting. */
  name: string | null
}

/** needs-code: signed in with the password, and an authenticator app's code is still due. */
export type StaffSession = { kind: 'signed-out' } | { kind: 'needs-code' } | { kind: 'no-access' } | { kind: 'admin'; staff: Staff }

/**
 * Who is at the keyboard. getSession() refreshes an expired access token with the stored refresh
 * token first (silently); when that fails there is no session. The admin role is asked of the
 * database (is_admin() reads staff_roles), never read from the token's metadata.
 */
export async function getStaffSession(db: Db): Promise<StaffSession> {
  const { data, error } = await db.auth.getSession()
  const session = data.session
  if (error || !session) return { kind: 'signed-out' }
  // A person with a verified authenticator is in only once this session has passed it (aal2).
  const { data: level } = await db.auth.mfa.getAuthenticatorAssuranceLevel()
  if (level?.nextLevel === 'aal2' && level.currentLevel !== 'aal2') return { kind: 'needs-code' }
  const { data: isAdmin, error: roleError } = await db.rpc('is_admin')
  // A token the server no longer accepts (revoked session, rotated secret) counts as signed out.
  if (roleError) return { kind: 'signed-out' }
  if (!isAdmin) return { kind: 'no-access' }
  const metadata = session.user.user_metadata as Record<string, unknown> | undefined
  const name = typeof metadata?.full_name === 'string' ? metadata.full_name : typeof metadata?.name === 'string' ? metadata.name : null
  return { kind: 'admin', staff: { userId: session.user.id, email: session.user.email ?? '', name } }
}
