// Access tokens (HS256 JWTs with the claims GoTrue puts in them, so RLS policies that read
// auth.jwt() behave as on Supabase) and opaque refresh tokens.
import { createHash, randomBytes } from 'node:crypto'
import { SignJWT } from 'jose'
import { secretBytes } from '../keys.ts'
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

export async function signAccessToken(jwtSecret: string, input: AccessTokenInput): Promise<SignedAccessToken> {
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
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(input.issuer)
    .setSubject(user.id)
    .setAudience(user.aud ?? 'authenticated')
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(secretBytes(jwtSecret))
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
