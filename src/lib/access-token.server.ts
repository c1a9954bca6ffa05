// Who a staff request's access token belongs to, checked in this process the way supabase-js's
// auth.getClaims() checks it: an asymmetric token (ES256 or RS256, naming its key by `kid`) is
// verified against the project's JWKS (/auth/v1/.well-known/jwks.json), fetched once and cached,
// and fetched again when a token names a key it does not hold (a rotation); a token signed with the
// legacy shared secret (HS256), which only Auth can check, is asked of Auth (GET /auth/v1/user).
// What needs the account's state now (its two-factor level, whether it is deactivated) the
// database checks on every call, as before: this only replaces the round trip that proved the
// signature.
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import type { Db } from './supabase'

/** How long a fetched JWKS is used before it is fetched again (Auth says 10 minutes, as supabase-js keeps it). */
const JWKS_MAX_AGE_MS = 10 * 60_000
/** The least time between two fetches for unknown keys, so made-up kids cannot flood Auth. */
const JWKS_COOLDOWN_MS = 1_000

type KeySet = ReturnType<typeof createRemoteJWKSet>
const keySets = new Map<string, KeySet>()

function keySetOf(supabaseUrl: string): KeySet {
  let keys = keySets.get(supabaseUrl)
  if (!keys) {
    keys = createRemoteJWKSet(new URL('/auth/v1/.well-known/jwks.json', supabaseUrl), {
      cacheMaxAge: JWKS_MAX_AGE_MS,
      cooldownDuration: JWKS_COOLDOWN_MS,
    })
    keySets.set(supabaseUrl, keys)
  }
  return keys
}

/** A request's bearer token, and the project (SUPABASE_URL) whose keys must have signed it. */
export interface CallerToken {
  token: string
  projectUrl: string
}

/**
 * The id of the signed-in person `caller`'s token belongs to, or null when it is not a valid,
 * unexpired access token of that project. `callerDb` sends that token; it is asked of Auth only
 * for a legacy HS256 token.
 */
export async function callerId(callerDb: Db, { token, projectUrl }: CallerToken): Promise<string | null> {
  let alg: string | undefined
  let kid: string | undefined
  try {
    ;({ alg, kid } = decodeProtectedHeader(token))
  } catch {
    return null
  }
  if (!alg || alg.startsWith('HS') || !kid) {
    const { data, error } = await callerDb.auth.getUser(token)
    return error || !data.user ? null : data.user.id
  }
  try {
    const { payload } = await jwtVerify(token, keySetOf(projectUrl), { algorithms: ['ES256', 'RS256'], audience: 'authenticated' })
    return payload.role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null
  } catch {
    return null
  }
}
