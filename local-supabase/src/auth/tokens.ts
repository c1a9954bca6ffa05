// Access tokens (JWTs with the claims GoTrue puts in them, so RLS policies that read auth.jwt()
// behave as on Supabase, signed ES256 with the project's current signing key and naming it by
// `kid`, so anyone can verify them against the published JWKS) and opaque refresh tokens.
import { createHash, randomBytes } from 'node:crypto'
import { importJWK, SignJWT } from 'jose'
import type { SigningJwk } from '../keys.ts'
import type { Assurance } from './sessions.ts'
import type { UserRow } from './users.ts'

export interface AccessTokenInput {
  user: UserRow
  sessionId: string
  /** The session's level and how it was authenticated, kept across refreshes. */
  assurance: Assurance
  issuer: string
  ttlSeconds: number
}

export interface SignedAccessToken {
  token: string
  expiresAt: number
}

/** Imported private keys by kid: importing one costs more than signing with it. */
const privateKeys = new Map<string, Promise<CryptoKey>>()

function privateKeyOf(jwk: SigningJwk): Promise<CryptoKey> {
  let key = privateKeys.get(jwk.kid)
  if (!key) {
    // A private EC key signs only: WebCrypto refuses the file's "verify" usage on it.
    key = importJWK({ ...jwk, key_ops: ['sign'] }, 'ES256') as Promise<CryptoKey>
    privateKeys.set(jwk.kid, key)
  }
  return key
}

export async function signAccessToken(signingKey: SigningJwk, input: AccessTokenInput): Promise<SignedAccessToken> {
  const { user } = input
  const now = Math.floor(Date.now() / 1000)
  const expiresAt = now + input.ttlSeconds
  const token = await new SignJWT({
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: input.assurance.aal,
    amr: input.assurance.amr,
    session_id: input.sessionId,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'ES256', kid: signingKey.kid, typ: 'JWT' })
    .setIssuer(input.issuer)
    .setSubject(user.id)
    .setAudience(user.aud ?? 'authenticated')
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(await privateKeyOf(signingKey))
  return { token, expiresAt }
}

/** 256 random bits, URL-safe: unguessable, so refresh tokens need no rate limit of their own. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

/**
 * What auth.refresh_tokens stores instead of the token itself: a copy of the database (DATA_DIR is
 * a plain folder) must not hand out live sessions. SHA-256 suffices for 256-bit random input.
 */
export function refreshTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
