// Who is calling: the API key and bearer token checked as Supabase's gateway and PostgREST check
// them, and the request context that row-level security sees (role, JWT claims, request headers).
import type { Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import { decodeProtectedHeader, errors as joseErrors, importJWK, jwtVerify } from 'jose'
import { publicJwk, secretBytes, type ProjectKeys, type PublicJwk } from './keys.ts'

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

/** What an `apikey` value is: one of the project's keys (and which), or not one. */
export type ApiKeyKind = 'publishable' | 'secret' | 'legacy' | 'legacy_disabled' | 'unknown'

/** The claims an opaque API key stands for: what Supabase's gateway puts in the JWT it passes on. */
const KEY_CLAIMS = {
  anon: Object.freeze({ iss: 'supabase', ref: 'local', role: 'anon' }) as JwtClaims,
  service_role: Object.freeze({ iss: 'supabase', ref: 'local', role: 'service_role' }) as JwtClaims,
}

/**
 * Verifies JWTs as Supabase does since asymmetric signing keys: a token names its key by `kid` and
 * is checked against the public half of that signing key (ES256); a token signed with the legacy
 * HS256 secret passes only while legacy keys are on. A revoked key's tokens fail with an unknown
 * `kid`. Verified claims are cached by token: the same key arrives on nearly every request.
 */
export class TokenVerifier {
  private readonly secret: Uint8Array
  private readonly cache = new Map<string, JwtClaims>()
  private publicKeys = new Map<string, Promise<CryptoKey>>()
  private keys: ProjectKeys

  constructor(
    keys: ProjectKeys,
    /** LEGACY_API_KEYS: the anon and service_role JWTs and HS256 tokens are accepted. */
    readonly legacyKeys = true,
  ) {
    this.keys = keys
    this.secret = secretBytes(keys.jwtSecret)
    this.useKeys(keys)
  }

  /** Takes the signing keys of keys.json as they are now (after a rotation or a revocation). */
  useKeys(keys: ProjectKeys): void {
    this.keys = keys
    this.publicKeys = new Map(keys.signingKeys.map((key) => [key.jwk.kid, importJWK(publicJwk(key.jwk), 'ES256') as Promise<CryptoKey>]))
    this.cache.clear()
  }

  /** The JWKS that GET /auth/v1/.well-known/jwks.json publishes: every signing key not revoked. */
  jwks(): { keys: PublicJwk[] } {
    return { keys: this.keys.signingKeys.map((key) => publicJwk(key.jwk)) }
  }

  apiKeyKind(key: string): ApiKeyKind {
    if (key === this.keys.publishableKey) return 'publishable'
    if (key === this.keys.secretKey) return 'secret'
    if (key === this.keys.anonKey || key === this.keys.serviceRoleKey) return this.legacyKeys ? 'legacy' : 'legacy_disabled'
    return 'unknown'
  }

  /** The claims an API key stands for, or null when it is not one of the project's (usable) keys. */
  async apiKeyClaims(key: string): Promise<JwtClaims | null> {
    switch (this.apiKeyKind(key)) {
      case 'publishable':
        return KEY_CLAIMS.anon
      case 'secret':
        return KEY_CLAIMS.service_role
      case 'legacy': {
        const verified = await this.verify(key)
        return verified.ok ? verified.claims : null
      }
      default:
        return null
    }
  }

  /** A token of this project with one of the roles the APIs serve. */
  async verify(token: string): Promise<VerifyResult> {
    const verified = await this.verifyJwt(token)
    if (!verified.ok) return verified
    const role = verified.claims.role
    if (typeof role !== 'string' || !(API_ROLES as readonly string[]).includes(role)) {
      return { ok: false, failure: 'invalid', message: 'Invalid JWT: unknown role' }
    }
    return verified
  }

  /** A token this project signed, whatever its role (GoTrue's admin check reads supabase_admin too). */
  async verifyJwt(token: string): Promise<VerifyResult> {
    const cached = this.cache.get(token)
    if (cached) {
      if (cached.exp === undefined || cached.exp * 1000 > Date.now()) return { ok: true, claims: cached }
      this.cache.delete(token)
      return { ok: false, failure: 'expired', message: 'JWT expired' }
    }
    let payload: Record<string, unknown>
    try {
      const key = await this.keyFor(token)
      if (!key) return { ok: false, failure: 'invalid', message: 'Invalid JWT' }
      ;({ payload } = await jwtVerify(token, key.key, { algorithms: [key.alg] }))
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return { ok: false, failure: 'expired', message: 'JWT expired' }
      return { ok: false, failure: 'invalid', message: 'Invalid JWT' }
    }
    const claims = payload as JwtClaims
    if (this.cache.size >= CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value as string)
    this.cache.set(token, claims)
    return { ok: true, claims }
  }

  /** The key a token's header names: a signing key by `kid`, or the legacy secret for HS256. */
  private async keyFor(token: string): Promise<{ key: CryptoKey | Uint8Array; alg: 'ES256' | 'HS256' } | null> {
    const header = decodeProtectedHeader(token)
    if (header.alg === 'ES256' && typeof header.kid === 'string') {
      const key = this.publicKeys.get(header.kid)
      return key ? { key: await key, alg: 'ES256' } : null
    }
    if (header.alg === 'HS256' && this.legacyKeys) return { key: this.secret, alg: 'HS256' }
    return null
  }
}

export function bearerToken(authorization: string | undefined): string | null {
  if (!authorization) return null
  const match = /^Bearer\s+(\S+)$/i.exec(authorization.trim())
  return match ? match[1] : null
}

/** The `apikey` of a request: its header, or its query parameter as on Supabase. */
export function apiKeyOf(c: Context): string | undefined {
  return c.req.header('apikey') ?? c.req.query('apikey')
}

/**
 * Whether the Authorization header stands for the API key rather than carrying a user's token: it
 * is absent, the API key itself, or an opaque key (supabase-js sends `Bearer <key>` until someone
 * signs in), as Supabase's gateway decides before any service sees the request.
 */
export function bearerIsApiKey(bearer: string | null, apikey: string | undefined): boolean {
  return !bearer || bearer === apikey || bearer.startsWith('sb_')
}

/**
 * The gateway's rule: an `apikey` that is one of the project's keys is required, even next to a
 * bearer token; any other value, a user's access token included, is refused. The bearer token,
 * when it is a user's, decides the role, otherwise the API key does.
 */
export async function resolveIdentity(c: Context, verifier: TokenVerifier): Promise<IdentityResult> {
  const apikey = apiKeyOf(c)
  const bearer = bearerToken(c.req.header('authorization'))
  if (!apikey) return { ok: false, failure: 'missing_apikey', message: 'No API key found in request' }
  const keyClaims = await verifier.apiKeyClaims(apikey)
  if (!keyClaims) return { ok: false, failure: 'invalid_apikey', message: 'Invalid API key' }
  if (bearerIsApiKey(bearer, apikey)) return { ok: true, identity: { role: keyClaims.role, claims: keyClaims, token: apikey } }
  const token = bearer as string
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
