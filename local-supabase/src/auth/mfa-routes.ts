// GoTrue's MFA API for TOTP (/factors and the admin /users/{id}/factors), so supabase.auth.mfa.*
// works unchanged. Beyond GoTrue, so six digits cannot be guessed by trying, yet knowing the
// password never lets anyone lock the owner out: a code is accepted once (its time step is then
// spent); a run of wrong codes ends the session that made them; and wrong codes from all sessions
// lock the factor only for addresses it was never verified from.
import type { Context } from 'hono'
import { recordAudit, SERVICE_ROLE_ACTOR } from './audit.ts'
import { AuthError, tooManyRequests } from './errors.ts'
import { requireAdmin, requireUser, type Authenticated } from './guard.ts'
import { grantFor, type AuthKit } from './kit.ts'
import {
  createChallenge,
  deleteChallenge,
  deleteFactor,
  deleteUnverifiedFactors,
  factorJson,
  factorsOf,
  findChallenge,
  insertTotpFactor,
  markChallengeVerified,
  markVerified,
  readGuard,
  recordAcceptedCode,
  recordWrongCode,
  type FactorRow,
} from './mfa.ts'
import { optionalString, readJson, UUID } from './request.ts'
import { downgradeSessions, endAal1Sessions, endSessions, raiseSession, type SessionRow } from './sessions.ts'
import { matchingStep, newTotpSecret, qrCodeSvg, totpUri } from './totp.ts'
import { findUserById } from './users.ts'
import { now } from '../test-clock.ts'

const FRIENDLY_NAME_MAX = 255

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found')

/** GoTrue's limit on challenge and verify, per client. */
function limitClient(kit: AuthKit, ip: string | null): void {
  const waitMs = kit.limits.mfa.take(ip ?? 'unknown')
  if (waitMs > 0) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', waitMs)
}

/** The caller, their session (MFA needs one) and the factor of theirs named in the path. */
async function loadOwnFactor(kit: AuthKit, c: Context): Promise<{ auth: Authenticated & { session: SessionRow }; factor: FactorRow }> {
  const { deps } = kit
  const auth = await requireUser(c, deps)
  if (!auth.session) throw new AuthError(401, 'session_not_found', 'A valid session is required for multi-factor authentication')
  const id = c.req.param('id') ?? ''
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID')
  const factor = (await deps.db.asSystem((tx) => factorsOf(tx, auth.user.id))).find((f) => f.id === id)
  if (!factor) throw factorNotFound()
  return { auth: auth as Authenticated & { session: SessionRow }, factor }
}

export async function enroll(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  const { user, session } = await requireUser(c, deps)
  if (!session) throw new AuthError(401, 'session_not_found', 'A valid session is required to enroll a factor')
  const body = await readJson(c)
  const factorType = optionalString(body, 'factor_type')
  if (factorType === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone')
  if (factorType === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn')
  if (factorType !== 'totp') throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone, or webauthn')
  const friendlyName = optionalString(body, 'friendly_name').trim()
  if (friendlyName.length > FRIENDLY_NAME_MAX) throw new AuthError(400, 'validation_failed', 'friendly_name is too long')
  const issuer = optionalString(body, 'issuer').trim() || new URL(config.siteUrl).host
  const secret = newTotpSecret()
  const uri = totpUri(issuer, user.email ?? '', secret)
  const qrCode = await qrCodeSvg(uri)
  const client = await kit.clientOf(c)
  const factor = await deps.db.asSystem(async (tx) => {
    // GoTrue's validateFactors, in its order.
    const factors = await factorsOf(tx, user.id)
    if (friendlyName !== '' && factors.some((f) => f.friendly_name === friendlyName)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`)
    }
    const verified = factors.filter((f) => f.status === 'verified').length
    if (factors.length >= config.mfa.maxEnrolled || verified >= config.mfa.maxVerified) {
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
    }
    if (verified > 0 && session.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    const created = await insertTotpFactor(tx, user.id, friendlyName, secret)
    await recordAudit(tx, user, 'factor_in_progress', { factor_id: created.id }, client.ip ?? '')
    return created
  })
  // The secret is shown this once; no later answer contains it.
  return c.json({
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: qrCode, secret, uri },
  })
}

export async function challenge(kit: AuthKit, c: Context): Promise<Response> {
  const { deps } = kit
  const { auth, factor } = await loadOwnFactor(kit, c)
  const client = await kit.clientOf(c)
  limitClient(kit, client.ip)
  const challenge = await deps.db.asSystem(async (tx) => {
    const created = await createChallenge(tx, factor.id, client.ip)
    await recordAudit(tx, auth.user, 'challenge_created', { factor_id: factor.id, factor_status: factor.status }, client.ip ?? '')
    return created
  })
  return c.json({ id: challenge.id, type: factor.factor_type, expires_at: challenge.expiresAt })
}

export async function verifyFactor(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  const { auth, factor } = await loadOwnFactor(kit, c)
  const client = await kit.clientOf(c)
  limitClient(kit, client.ip)
  const body = await readJson(c)
  const challengeId = optionalString(body, 'challenge_id')
  const code = optionalString(body, 'code').trim()
  if (code === '') throw new AuthError(400, 'validation_failed', 'Code needs to be non-empty')
  if (!UUID.test(challengeId)) throw new AuthError(400, 'validation_failed', 'challenge_id must be an UUID')
  // Failures are returned, not thrown, so that what they record (a spent challenge, a wrong
  // code counted) commits.
  const outcome = await deps.db.asSystem(async (tx) => {
    const challenge = await findChallenge(tx, factor.id, challengeId, client.ip)
    if (!challenge) return new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found')
    if (challenge.verified_at !== null || !challenge.same_address) {
      return new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.')
    }
    if (challenge.expired) {
      await deleteChallenge(tx, challenge.id)
      return new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    const guard = await readGuard(tx, factor.id, client.ip)
    if (guard.lockedForS > 0 && !guard.knownAddress) {
      return tooManyRequests(
        'over_request_rate_limit',
        'Too many wrong codes: this factor is locked for new devices and networks for now',
        guard.lockedForS * 1000,
      )
    }
    const step = factor.secret ? matchingStep(factor.secret, code, now()) : null
    // A code whose step was already spent is a replay: refused like a wrong one.
    if (step === null || (guard.lastUsedStep !== null && step <= guard.lastUsedStep)) {
      await recordWrongCode(tx, factor.id, config.mfa.lockAfter, config.mfa.lockSeconds)
      if (kit.limits.wrongCodes.add(auth.session.id) >= config.mfa.wrongCodesPerSession) {
        kit.limits.wrongCodes.forget(auth.session.id)
        await endSessions(tx, auth.user.id, auth.session.id, 'local')
        return new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered; too many wrong codes: sign in again')
      }
      return new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
    }
    kit.limits.wrongCodes.forget(auth.session.id)
    await recordAcceptedCode(tx, factor.id, step, client.ip)
    await recordAudit(tx, auth.user, 'verification_attempted', { factor_id: factor.id, challenge_id: challenge.id, factor_type: 'totp' }, client.ip ?? '')
    await markChallengeVerified(tx, challenge.id)
    if (factor.status !== 'verified') await markVerified(tx, factor.id)
    const user = await findUserById(tx, auth.user.id)
    if (!user) return new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
    const issued = await raiseSession(tx, auth.session, factor.id)
    await endAal1Sessions(tx, user.id)
    await deleteUnverifiedFactors(tx, user.id)
    return grantFor(tx, user, issued)
  })
  if (outcome instanceof AuthError) throw outcome
  return kit.sessionResponse(c, outcome)
}

export async function unenroll(kit: AuthKit, c: Context): Promise<Response> {
  const { deps } = kit
  const { auth, factor } = await loadOwnFactor(kit, c)
  if (factor.status === 'verified' && auth.session.aal !== 'aal2') {
    throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor')
  }
  const client = await kit.clientOf(c)
  await deps.db.asSystem(async (tx) => {
    await downgradeSessions(tx, factor.id)
    await deleteFactor(tx, factor.id)
    await recordAudit(tx, auth.user, 'factor_unenrolled', { factor_id: factor.id, factor_status: factor.status, session_id: auth.session.id }, client.ip ?? '')
  })
  return c.json({ id: factor.id })
}

// Admin: an admin resets a colleague's second factor (a lost phone) -------------------------

async function adminUserFactors(kit: AuthKit, c: Context): Promise<{ userId: string; factors: FactorRow[] }> {
  const { deps } = kit
  await requireAdmin(c, deps)
  const userId = c.req.param('id') ?? ''
  if (!UUID.test(userId)) throw new AuthError(404, 'user_not_found', 'User not found')
  const factors = await deps.db.asSystem(async (tx) => ((await findUserById(tx, userId)) ? factorsOf(tx, userId) : null))
  if (!factors) throw new AuthError(404, 'user_not_found', 'User not found')
  return { userId, factors }
}

export async function listUserFactors(kit: AuthKit, c: Context): Promise<Response> {
  const { factors } = await adminUserFactors(kit, c)
  return c.json(factors.map(factorJson))
}

export async function deleteUserFactor(kit: AuthKit, c: Context): Promise<Response> {
  const { deps } = kit
  const { userId, factors } = await adminUserFactors(kit, c)
  const factor = factors.find((f) => f.id === c.req.param('fid'))
  if (!factor) throw factorNotFound()
  const client = await kit.clientOf(c)
  await deps.db.asSystem(async (tx) => {
    await downgradeSessions(tx, factor.id)
    await deleteFactor(tx, factor.id)
    const user = await findUserById(tx, userId)
    await recordAudit(tx, user ?? SERVICE_ROLE_ACTOR, 'factor_deleted', { factor_id: factor.id }, client.ip ?? '')
  })
  return c.json(factorJson(factor))
}
