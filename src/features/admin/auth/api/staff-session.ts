import { isPermission, type Permission } from '~/entities/staff-role'
import type { Db } from '~/lib/supabase'

export interface Staff {
  userId: string
  email: string
  /** The person's name when their account has one, for the header greeting. */
  name: string | null
  /** admin, editor, sales, recruiter, or a role added since. */
  role: string
  permissions: Permission[]
  /** The site setting "Require two-factor for all staff". */
  twoFactorRequired: boolean
  /** Two-factor is required and this person has no authenticator yet: they set one up first. */
  twoFactorSetupDue: boolean
}

/** needs-code: signed in with the password, and an authenticator app's code is still due. */
export type StaffSession = { kind: 'signed-out' } | { kind: 'needs-code' } | { kind: 'no-access' } | { kind: 'staff'; staff: Staff }

/**
 * Who is at the keyboard. getSession() refreshes an expired access token with the stored refresh
 * token first (silently); when that fails there is no session. The role and its permissions are
 * asked of the database (current_staff() reads staff_roles), never read from the token's metadata.
 */
export async function getStaffSession(db: Db): Promise<StaffSession> {
  const { data, error } = await db.auth.getSession()
  const session = data.session
  if (error || !session) return { kind: 'signed-out' }
  // A person with a verified authenticator is in only once this session has passed it (aal2).
  const { data: level } = await db.auth.mfa.getAuthenticatorAssuranceLevel()
  if (level?.nextLevel === 'aal2' && level.currentLevel !== 'aal2') return { kind: 'needs-code' }
  const { data: rows, error: roleError } = await db.rpc('current_staff')
  // A token the server no longer accepts (revoked session, rotated secret) counts as signed out.
  if (roleError) return { kind: 'signed-out' }
  const access = rows?.[0]
  if (!access) return { kind: 'no-access' }
  const metadata = session.user.user_metadata as Record<string, unknown> | undefined
  const name = typeof metadata?.full_name === 'string' ? metadata.full_name : typeof metadata?.name === 'string' ? metadata.name : null
  return {
    kind: 'staff',
    staff: {
      userId: session.user.id,
      email: session.user.email ?? '',
      name,
      role: access.role,
      permissions: (access.permissions ?? []).filter(isPermission),
      twoFactorRequired: access.two_factor_required,
      // With a verified factor the session is at aal2 by now (needs-code above), so below it there is none.
      twoFactorSetupDue: access.two_factor_required && level?.currentLevel !== 'aal2',
    },
  }
}
