import { check, type Db } from '~/lib/supabase'

/**
 * Sets the signed-in person's new password (after an invitation or a recovery link) and ends every
 * other session they have: whoever knew the old password is out. A person with an authenticator
 * proves a code from it first (`code`); a wrong one changes nothing.
 */
export async function setNewPassword(db: Db, password: string, code?: string): Promise<'set' | 'wrong-code'> {
  if (code !== undefined) {
    const { data } = await db.auth.mfa.listFactors()
    const factorId = data?.totp[0]?.id
    if (!factorId || (await db.auth.mfa.challengeAndVerify({ factorId, code })).error) return 'wrong-code'
  }
  check(await db.auth.updateUser({ password }), 'setting the password')
  const { error } = await db.auth.signOut({ scope: 'others' })
  if (error) console.warn('Other sessions: the server did not confirm their end', error.message)
  return 'set'
}

/**
 * Asks Supabase Auth to e-mail a recovery link to /admin/reset. The caller shows one answer
 * whatever happens, so nobody learns whether an address belongs to staff.
 */
export async function requestPasswordReset(db: Db, email: string, redirectTo: string): Promise<void> {
  const { error } = await db.auth.resetPasswordForEmail(email, { redirectTo })
  if (error) console.warn('Password reset request:', error.message)
}

/**
 * Changes the password of the signed-in person once the current one is proven. `verifier` is a
 * client of its own without stored session, so checking the current password leaves this session
 * (and its two-factor level) alone; the check's own session is ended at once.
 */
export async function changePassword(db: Db, verifier: Db, current: string, password: string): Promise<'changed' | 'wrong-current'> {
  const { data } = await db.auth.getUser()
  const email = data.user?.email
  if (!email) throw new Error('changing the password: no signed-in person')
  const proof = await verifier.auth.signInWithPassword({ email, password: current })
  if (proof.error) return 'wrong-current'
  await verifier.auth.signOut({ scope: 'local' })
  check(await db.auth.updateUser({ password }), 'changing the password')
  return 'changed'
}
