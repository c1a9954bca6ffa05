// Who a staff request's access token belongs to, checked in this process the way supabase-js's
// auth.getClaims() checks it: an asymmetric token (ES256 or RS256, naming its key by `kid`) is
// verified against the project's JWKS (/auth/v1/.well-known/jwks.json), fetched once and cached,
// and fetched again when a token names a key it does not hold (a rotation); a token signed with the
// legacy shared secret (HS256), which only Auth can check, is asked of Auth (GET /auth/v1/user).
// What needs the account's state now (its two-factor level, whether it is deactivated) the
// database checks on every call, as before: this only replaces the round trip that proved the
// signature.
import { setTimeout as sleep } from 'node:timers/promises'
import { createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose'
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

const VERIFY_OPTIONS = { algorithms: ['ES256', 'RS256'], audience: 'authenticated' }

/**
 * A token whose key the cached set lacks makes the set fetch the JWKS again, at most once per
 * cooldown: a token signed with a key newer than a fetch made a moment ago (a rotation) waits for
 * the cooldown to end and is checked against a new fetch, rather than being refused.
 */
async function verified(token: string, keys: KeySet): Promise<JWTPayload> {
  try {
    return (await jwtVerify(token, keys, VERIFY_OPTIONS)).payload
  } catch (error) {
    if (!(error instanceof joseErrors.JWKSNoMatchingKey) || !keys.coolingDown) throw error
    await sleep(JWKS_COOLDOWN_MS)
    return (await jwtVerify(token, keys, VERIFY_OPTIONS)).payload
  }
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
    const payload = await verified(token, keySetOf(projectUrl))
    return payload.role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null
  } catch {
    return null
  }
}
