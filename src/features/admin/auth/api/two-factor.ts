import { MAX_FACTORS } from '~/entities/staff-member'
import { check, unwrap, type Db } from '~/lib/supabase'

export interface Authenticator {
  id: string
  name: string
  createdAt: string
}

export interface Enrollment {
  factorId: string
  /** An image URL (SVG) of the otpauth URI. */
  qrCode: string
  /** The same secret as text, for typing into an app. */
  secret: string
}

/** The person's verified authenticator apps. */
export async function listAuthenticators(db: Db): Promise<Authenticator[]> {
  const { totp } = unwrap(await db.auth.mfa.listFactors(), 'listing factors')
  return totp.map((factor) => ({ id: factor.id, name: factor.friendly_name ?? 'Authenticator app', createdAt: factor.created_at }))
}

/** Starts adding an authenticator app (at most MAX_FACTORS); a code from it confirms it. */
export async function startEnrollment(db: Db, name: string): Promise<Enrollment | 'limit'> {
  const { all } = unwrap(await db.auth.mfa.listFactors(), 'listing factors')
  // An earlier unfinished set-up is dropped, so it neither counts nor clashes by name.
  for (const factor of all) if (factor.status === 'unverified') await db.auth.mfa.unenroll({ factorId: factor.id })
  if (all.filter((factor) => factor.status === 'verified').length >= MAX_FACTORS) return 'limit'
  const data = unwrap(await db.auth.mfa.enroll({ factorType: 'totp', friendlyName: name, issuer: 'Admin' }), 'adding an authenticator')
  return { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret }
}

/** Checks a code against a factor (challenge and verify); the session is then at aal2. */
export async function verifyCode(db: Db, factorId: string, code: string): Promise<boolean> {
  const { error } = await db.auth.mfa.challengeAndVerify({ factorId, code })
  return !error
}

/** Removes an authenticator once a fresh code from one of them is proven. */
export async function removeAuthenticator(db: Db, factorId: string, proofFactorId: string, code: string): Promise<boolean> {
  if (!(await verifyCode(db, proofFactorId, code))) return false
  check(await db.auth.mfa.unenroll({ factorId }), 'removing an authenticator')
  // The session keeps its level only while a factor stays; a refresh reads the new state.
  await db.auth.refreshSession()
  return true
}

/** The first verified authenticator, which the sign-in's code step asks for. */
export async function signInFactor(db: Db): Promise<string | null> {
  const { totp } = unwrap(await db.auth.mfa.listFactors(), 'listing factors')
  return totp[0]?.id ?? null
}
