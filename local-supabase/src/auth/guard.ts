// Who may call the auth API: the gateway's API-key rule (as in front of every Supabase API), then
// GoTrue's own bearer-token checks for /user, /logout and the admin endpoints.
import type { Context, MiddlewareHandler } from 'hono'
import { errors as joseErrors, jwtVerify } from 'jose'
import type { BackendDeps } from '../deps.ts'
import { secretBytes } from '../keys.ts'
import { bearerToken, resolveIdentity, type JwtClaims } from '../identity.ts'
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

/** GoTrue's parseJWTClaims: the bearer must be a token this project signed, or 401/403. */
export async function requireClaims(c: Context, deps: BackendDeps): Promise<JwtClaims> {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  const verified = await deps.verifier.verify(token)
  if (!verified.ok) {
    const reason = verified.failure === 'expired' ? 'token has invalid claims: token is expired' : 'token signature is invalid'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  return verified.claims
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
 * GoTrue's requireAdmin: the bearer itself must be a token of this project with an admin role
 * (the service-role key, or a supabase_admin token). Verified here, not by the API's verifier,
 * which knows only the roles the REST and Storage APIs serve.
 */
export async function requireAdmin(c: Context, deps: BackendDeps): Promise<void> {
  const token = bearerToken(c.req.header('authorization'))
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  let role: unknown
  try {
    ;({
      payload: { role },
    } = await jwtVerify(token, secretBytes(deps.keys.jwtSecret), { algorithms: ['HS256'] }))
  } catch (error) {
    const reason = error instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'token signature is invalid'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
  if (typeof role !== 'string' || !ADMIN_ROLES.has(role)) throw new AuthError(403, 'not_admin', 'User not allowed')
}
