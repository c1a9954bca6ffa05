// Who may call the auth API: the gateway's API-key rule (as in front of every Supabase API), then
// GoTrue's own bearer-token checks for /user, /logout and the admin endpoints.
import type { Context, MiddlewareHandler } from 'hono'
import type { BackendDeps } from '../deps.ts'
import { apiKeyOf, bearerIsApiKey, bearerToken, resolveIdentity, type JwtClaims, type VerifyResult } from '../identity.ts'
import { AuthError } from './errors.ts'
import { findLiveSession, type SessionRow } from './sessions.ts'
import { findUserById, type UserRow } from './users.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const NIL_UUID = '00000000-0000-0000-0000-000000000000'

/**
 * Supabase's gateway: a request needs one of the project's API keys, or it never reaches
 * GoTrue. The gateway answers in its own shape ({message}), not GoTrue's. A bad *bearer* next to a
 * good API key is GoTrue's business (403 bad_jwt on the endpoints that read it), so it passes here.
 */
export function requireApiKey(deps: BackendDeps): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const result = await resolveIdentity(c, deps.verifier)
    if (!result.ok) {
      const apikeyGiven = Boolean(c.req.header('apikey') ?? c.req.query('apikey'))
      if (result.failure === 'missing_apikey' || !apikeyGiven) return c.json({ message: 'No API key found in request' }, 401)
      if (result.failure === 'invalid_apikey') return c.json({ message: 'Invalid API key' }, 401)
    }
    return next()
  }
}

/**
 * GoTrue's parseJWTClaims on the token Supabase's gateway hands it: the user's own, or, when the
 * Authorization header carries an API key (or nothing, next to the secret key), the claims of that
 * key. 401 without either; 403 for a token this project did not sign (or a key it no longer takes).
 * `anyRole`: every role this project signs (the admin check), not only those the APIs serve.
 */
async function bearerClaims(c: Context, deps: BackendDeps, anyRole = false): Promise<JwtClaims> {
  const apikey = apiKeyOf(c)
  const bearer = bearerToken(c.req.header('authorization'))
  const keyStandsIn = apikey !== undefined && bearerIsApiKey(bearer, apikey) && (bearer !== null || deps.verifier.apiKeyKind(apikey) === 'secret')
  if (!bearer && !keyStandsIn) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  const keyClaims = keyStandsIn ? await deps.verifier.apiKeyClaims(apikey) : null
  const verified: VerifyResult = keyClaims
    ? { ok: true, claims: keyClaims }
    : anyRole
      ? await deps.verifier.verifyJwt(bearer ?? '')
      : await deps.verifier.verify(bearer ?? '')
  if (!verified.ok) {
    const reason = verified.failure === 'expired' ? 'token has invalid claims: token is expired' : 'token signature is invalid'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  return verified.claims
}

export function requireClaims(c: Context, deps: BackendDeps): Promise<JwtClaims> {
  return bearerClaims(c, deps)
}

export interface Authenticated {
  claims: JwtClaims
  user: UserRow
  /** Null only for tokens minted without a session_id (GoTrue accepts those too). */
  session: SessionRow | null
}

/**
 * GoTrue's requireAuthentication: a valid token for an existing user whose session still exists.
 * The session check is what makes a logged-out access token stop working here before it expires
 * (REST cannot afford that lookup per request, on Supabase either).
 */
export async function requireUser(c: Context, deps: BackendDeps): Promise<Authenticated> {
  const claims = await requireClaims(c, deps)
  const sub = claims.sub
  if (!sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  if (!UUID.test(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID')
  const sessionId = typeof claims.session_id === 'string' && claims.session_id !== NIL_UUID ? claims.session_id : null
  if (sessionId !== null && !UUID.test(sessionId)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: session_id claim must be a UUID')
  }
  const { user, session } = await deps.db.asSystem(async (tx) => ({
    user: await findUserById(tx, sub),
    session: sessionId ? await findLiveSession(tx, sessionId) : null,
  }))
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist')
  if (sessionId && (!session || session.user_id !== user.id)) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { claims, user, session }
}

/** GoTrue's JWT_ADMIN_ROLES default. */
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin'])

/**
 * GoTrue's requireAdmin: the token must be one of this project's with an admin role: the secret
 * key (in `apikey`; the Authorization header may then be left out, as on Supabase), the legacy
 * service-role key, or a supabase_admin token.
 */
export async function requireAdmin(c: Context, deps: BackendDeps): Promise<void> {
  const { role } = await bearerClaims(c, deps, true)
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role)) throw new AuthError(403, 'not_admin', 'User not allowed')
}
