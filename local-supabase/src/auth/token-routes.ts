// POST /token: GoTrue's password grant (sign-in) and refresh-token grant, each answering a session;
// the ID-token grant answers GoTrue's refusal, every OAuth provider being off.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Context } from 'hono'
import { decodeJwt } from 'jose'
import { recordAudit } from './audit.ts'
import { AuthError, INVALID_CREDENTIALS, tooManyRequests } from './errors.ts'
import { grantFor, type AuthKit } from './kit.ts'
import { hashPassword, needsRehash, verifyPassword } from './password.ts'
import { readJson, type Json } from './request.ts'
import { rotateRefreshToken, startSession } from './sessions.ts'
import { findUserByEmail, findUserById, isBanned, normalizeEmail, recordSignIn, replacePasswordHash } from './users.ts'

export async function token(kit: AuthKit, c: Context): Promise<Response> {
  const grantType = c.req.query('grant_type')
  const body = await readJson(c)
  if (grantType === 'password') return passwordGrant(kit, c, body)
  if (grantType === 'refresh_token') return refreshGrant(kit, c, body)
  if (grantType === 'id_token') idTokenGrant(body)
  throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
}

/** The providers whose ID tokens GoTrue knows by a fixed issuer (keycloak's is the project's URL, unset). */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  kakao: 'https://kauth.kakao.com',
  keycloak: '',
  snapchat: 'https://accounts.snapchat.com/accounts/oauth2/token',
  vercel_marketplace: 'https://marketplace.vercel.com',
}

/** Apple's and Azure's issuers are read from the token itself, as GoTrue reads them. */
const DETECTED_ISSUERS: Record<string, { name: string; matches: (issuer: string) => boolean }> = {
  apple: { name: 'Apple', matches: (issuer) => issuer === 'https://appleid.apple.com' || issuer === 'https://account.apple.com' },
  azure: {
    name: 'Azure',
    matches: (issuer) => issuer.startsWith('https://login.microsoftonline.com/') || issuer.startsWith('https://sts.windows.net/'),
  },
}

function unverifiedIssuer(idToken: string): string | null {
  try {
    const { iss } = decodeJwt(idToken)
    return typeof iss === 'string' ? iss : null
  } catch {
    return null
  }
}

/** grant_type=id_token (signInWithIdToken): every OAuth provider is off, answered as GoTrue answers it. */
function idTokenGrant(body: Json): never {
  const provider = typeof body.provider === 'string' ? body.provider : ''
  const idToken = typeof body.id_token === 'string' ? body.id_token : ''
  if (idToken === '') throw new AuthError(400, 'validation_failed', 'id_token required')
  if (provider === '') throw new AuthError(400, 'validation_failed', 'provider or client_id and issuer required')
  const detected = DETECTED_ISSUERS[provider]
  let issuer = ID_TOKEN_ISSUERS[provider]
  if (detected) {
    const found = unverifiedIssuer(idToken)
    if (found === null) throw new AuthError(400, 'validation_failed', `Unable to detect issuer in ID token for ${detected.name} provider`)
    if (!detected.matches(found)) throw new AuthError(400, 'validation_failed', `Detected ID token issuer is not an ${detected.name} ID token issuer`)
    issuer = found
  }
  if (issuer === undefined) throw new AuthError(400, 'validation_failed', `Custom OIDC provider ${JSON.stringify(provider.slice(0, 40))} not allowed`)
  throw new AuthError(400, 'provider_disabled', `Provider (issuer ${JSON.stringify(issuer)}) is not enabled`)
}

async function passwordGrant(kit: AuthKit, c: Context, body: Json): Promise<Response> {
  const { db } = kit.deps
  const email = typeof body.email === 'string' ? normalizeEmail(body.email).slice(0, 320) : ''
  const password = typeof body.password === 'string' ? body.password : ''
  if (email === '' && typeof body.phone === 'string' && body.phone !== '') {
    throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled')
  }
  if (email === '') throw new AuthError(400, 'validation_failed', 'missing email or phone')
  const client = await kit.clientOf(c)
  const admission = kit.limits.signIn.begin(email, client.ip ?? 'unknown')
  if (!admission.allowed) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', admission.retryAfterMs)
  if (admission.delayMs > 0) await sleep(admission.delayMs)

  // Looked up in one short transaction, verified outside it: the KDF must not hold PGlite's lock.
  const found = await db.asSystem((tx) => findUserByEmail(tx, email))
  // One full KDF whether or not the account exists, and the same answer for both.
  const valid = await verifyPassword(password, found?.encrypted_password ?? null)
  if (!found || !valid) throw INVALID_CREDENTIALS()
  kit.limits.signIn.succeeded(admission.attempt)
  // Only someone who knows the password learns these.
  if (!found.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  if (isBanned(found)) throw new AuthError(400, 'user_banned', 'User is banned')

  // A local scrypt hash becomes bcrypt, the hash a hosted project can verify.
  const rehashed = needsRehash(found.encrypted_password!, password) ? await hashPassword(password) : null
  const signedIn = await db.asSystem(async (tx) => {
    if (rehashed) await replacePasswordHash(tx, found.id, found.encrypted_password!, rehashed)
    const user = await recordSignIn(tx, found.id)
    if (!user) return null
    await recordAudit(tx, user, 'login', { provider: 'email' })
    return grantFor(tx, user, await startSession(tx, user.id, client, 'password'))
  })
  if (!signedIn) throw INVALID_CREDENTIALS() // deleted between the two transactions
  return kit.sessionResponse(c, signedIn)
}

async function refreshGrant(kit: AuthKit, c: Context, body: Json): Promise<Response> {
  const presented = typeof body.refresh_token === 'string' ? body.refresh_token : ''
  if (presented === '') throw new AuthError(400, 'validation_failed', 'refresh_token required')
  const client = await kit.clientOf(c)
  const outcome = await kit.deps.db.asSystem(async (tx) => {
    const rotated = await rotateRefreshToken(tx, presented, kit.config.refreshReuseIntervalSeconds, client)
    if (rotated instanceof AuthError) return rotated // returned, not thrown: family revocation must commit
    const user = await findUserById(tx, rotated.session.user_id)
    // Thrown: rolls the rotation back.
    if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned')
    await recordAudit(tx, user, 'token_refreshed')
    return grantFor(tx, user, rotated)
  })
  if (outcome instanceof AuthError) throw outcome
  return kit.sessionResponse(c, outcome)
}
