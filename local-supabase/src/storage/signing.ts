// Signed URLs, as Supabase's storage API makes them: an HS256 JWT signed with the project's JWT
// secret whose `url` claim is '<bucket>/<key>'. A download token is valid for `expiresIn` seconds;
// an upload token (`scope: 'upload'`, with the signer's owner, role and upsert choice) for two
// hours and, here, for one upload only (its `jti` is spent in the upload's transaction). The role is
// carried as `signer_role`, never `role`: a token with a role claim would pass as a bearer JWT.
// The token carries no role, so the API gateway can never accept it as a bearer token, and an API
// key (which has no `url`) can never pass as a signed URL token. Lifetimes run on the backend's
// clock (test-clock.ts), so a test sees a link expire by moving that clock.
import { randomUUID } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import { API_ROLES, type ApiRole } from '../identity.ts'
import { secretBytes } from '../keys.ts'
import { now as clockNow } from '../test-clock.ts'
import { errors, type StorageHttpError } from './errors.ts'

/** An upper bound (one year) so a slip cannot mint a practically permanent link to a private file. */
export const MAX_EXPIRES_IN = 365 * 24 * 3600

/** How long a signed upload URL is valid (Supabase's default). */
export const UPLOAD_URL_EXPIRES_IN = 2 * 3600

export interface UploadGrant {
  tokenId: string
  role: ApiRole
  owner: string | null
  upsert: boolean
  expiresAt: Date
}

export interface DownloadGrant {
  /** An image render token's transformations and format (unknown shape: read them defensively). */
  transformations: unknown
  format: unknown
  expiresAt: Date
}

export function parseExpiresIn(value: unknown): number {
  const seconds = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value
  if (typeof seconds !== 'number' || !Number.isInteger(seconds) || seconds < 1 || seconds > MAX_EXPIRES_IN) {
    throw errors.badRequest('expiresIn must be a whole number of seconds, at least 1')
  }
  return seconds
}

export class UrlSigner {
  private readonly secret: Uint8Array

  constructor(jwtSecret: string) {
    this.secret = secretBytes(jwtSecret)
  }

  /** A download token; `render` (an image's transformations, in the storage API's notation) makes it a render token. */
  async sign(bucket: string, key: string, expiresIn: number, render?: { transformations: string; format?: string }): Promise<string> {
    const claims: JWTPayload = { url: `${bucket}/${key}` }
    if (render?.transformations) claims.transformations = render.transformations
    if (render?.format) claims.format = render.format
    return this.signClaims(claims, expiresIn)
  }

  async signUpload(bucket: string, key: string, role: ApiRole, owner: string | null, upsert: boolean): Promise<string> {
    const claims = { url: `${bucket}/${key}`, signer_role: role, owner: owner ?? undefined, upsert, scope: 'upload', jti: randomUUID() }
    return this.signClaims(claims, UPLOAD_URL_EXPIRES_IN)
  }

  /** The claims of a valid, unexpired download token for this object (a 400 StorageHttpError otherwise). */
  async verify(token: string | undefined, bucket: string, key: string): Promise<DownloadGrant> {
    const payload = await this.verified(token, bucket, key, errors.invalidSignature)
    if (payload.scope !== undefined && payload.scope !== 'download') throw errors.invalidSignature('Token is not scoped for download')
    return { transformations: payload.transformations, format: payload.format, expiresAt: new Date((payload.exp ?? 0) * 1000) }
  }

  /** The grant of a valid, unexpired upload token for this object (a 400 StorageHttpError otherwise). */
  async verifyUpload(token: string | undefined, bucket: string, key: string): Promise<UploadGrant> {
    const payload = await this.verified(token, bucket, key, errors.invalidUploadSignature)
    const role = payload.signer_role
    if (payload.scope !== 'upload' || typeof payload.jti !== 'string' || typeof payload.exp !== 'number' || !(API_ROLES as readonly unknown[]).includes(role)) {
      throw errors.invalidSignature('Token is not scoped for upload')
    }
    return {
      tokenId: payload.jti,
      role: role as ApiRole,
      owner: typeof payload.owner === 'string' ? payload.owner : null,
      upsert: payload.upsert === true,
      expiresAt: new Date(payload.exp * 1000),
    }
  }

  private signClaims(claims: JWTPayload, expiresIn: number): Promise<string> {
    const now = Math.floor(clockNow() / 1000)
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(this.secret)
  }

  private async verified(token: string | undefined, bucket: string, key: string, refuse: (message: string) => StorageHttpError): Promise<JWTPayload> {
    if (!token) throw refuse('Missing token')
    let payload: JWTPayload
    try {
      ;({ payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], requiredClaims: ['exp'], currentDate: new Date(clockNow()) }))
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw refuse('jwt expired')
      throw refuse('invalid signature')
    }
    if (payload.url !== `${bucket}/${key}`) throw refuse('invalid signature')
    return payload
  }
}
