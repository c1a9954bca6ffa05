// Who is calling: the API key and bearer token checked as Supabase's gateway and PostgREST check
// them, and the request context that row-level security sees (role, JWT claims, request headers).
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { errors as joseErrors, jwtVerify } from 'jose'
import { secretBytes } from './keys.ts'

export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ApiRole = (typeof API_ROLES)[number]

export interface JwtClaims {
  role: ApiRole
  sub?: string
  email?: string
  aud?: string | string[]
  exp?: number
  iat?: number
  session_id?: string
  app_metadata?: Record<string, unknown>
  user_metadata?: Record<string, unknown>
  [claim: string]: unknown
}

export interface Identity {
  role: ApiRole
  claims: JwtClaims
  token: string
}

export type TokenFailure = 'invalid' | 'expired'
export type VerifyResult = { ok: true; claims: JwtClaims } | { ok: false; failure: TokenFailure; message: string }

export type IdentityResult = { ok: true; identity: Identity } | { ok: false; failure: 'missing_apikey' | 'invalid_apikey' | TokenFailure; message: string }

/** What row-level security sees for one request: run with LocalDatabase.asRole. */
export interface RoleContext {
  role: ApiRole
  claims: JwtClaims
  headers: Record<string, string>
  method: string
  path: string
}

const CACHE_LIMIT = 2_000

/** HS256 verification with a small cache: the same anon key arrives on nearly every request. */
export class TokenVerifier {
  private readonly secret: Uint8Array
  private readonly cache = new Map<string, JwtClaims>()

  /** @param apiKeys the project's API keys (anon, service_role): the only values `apikey` may have. */
  constructor(
    jwtSecret: string,
    private readonly apiKeys: ReadonlySet<string> = new Set(),
  ) {
    this.secret = secretBytes(jwtSecret)
  }

  /** One of the project's keys, as the gateway checks it: a user's access token is not one. */
  isApiKey(key: string): boolean {
    return this.apiKeys.has(key)
  }

  async verify(token: string): Promise<VerifyResult> {
    const cached = this.cache.get(token)
    if (cached) {
      if (cached.exp === undefined || cached.exp * 1000 > Date.now()) return { ok: true, claims: cached }
      this.cache.delete(token)
      return { ok: false, failure: 'expired', message: 'JWT expired' }
    }
    let payload: Record<string, unknown>
    try {
      ;({ payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'] }))
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, failure: 'expired', message: 'JWT expired' }
      return { ok: false, failure: 'invalid', message: 'Invalid JWT' }
    }
    const role = payload.role
    if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role)) {
      return { ok: false, failure: 'invalid', message: 'Invalid JWT: unknown role' }
    }
    const claims = payload as JwtClaims
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(token, claims)
    return { ok: true, claims }
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
  return match ? match[1] : null
}

/**
 * The gateway's rule: an `apikey` (header, or query parameter as on Supabase) that is one of the
 * project's keys is required, even next to a bearer token; any other value, a user's access token
 * included, is refused. The bearer token, when present, decides the role, otherwise the API key does.
 */
export async function resolveIdentity(c: Context, verifier: TokenVerifier): Promise<IdentityResult> {
  const apikey = c.req.header('apikey') ?? c.req.query('apikey')
  const bearer = bearerToken(c.req.header('authorization'))
  if (!apikey) return { ok: false, failure: 'missing_apikey', message: 'No API key found in request' }
  if (!verifier.isApiKey(apikey)) return { ok: false, failure: 'invalid_apikey', message: 'Invalid API key' }
  const key = await verifier.verify(apikey)
  if (!key.ok) return { ok: false, failure: 'invalid_apikey', message: 'Invalid API key' }
  if (!bearer || bearer === apikey) return { ok: true, identity: { role: key.claims.role, claims: key.claims, token: apikey } }
  const token = bearer
  const verified = await verifier.verify(token)
  if (!verified.ok) return verified
  return { ok: true, identity: { role: verified.claims.role, claims: verified.claims, token } }
}

/**
 * Request headers as PostgREST exposes them (`request.headers`, lower-case names), with the caller's
 * address appended to x-forwarded-for as Supabase's gateway does, so database rate limits can key
 * on it. The Authorization and apikey headers are left out: policies have the verified claims.
 */
export function requestHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {}
  c.req.raw.headers.forEach((value, name) => {
    if (name !== 'authorization' && name !== 'apikey' && name !== 'cookie') headers[name] = value
  })
  let address: string | undefined
  try {
    address = getConnInfo(c).remote.address
  } catch {
    address = undefined // not a Node socket (in-process requests): nothing to append
  }
  if (address) headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${address}` : address
  return headers
}

export function roleContext(c: Context, identity: Identity): RoleContext {
  return {
    role: identity.role,
    claims: identity.claims,
    headers: requestHeaders(c),
    method: c.req.method,
    path: new URL(c.req.url).pathname,
  }
}
