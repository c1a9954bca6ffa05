// Signed download URLs, as Supabase's storage API makes them: an HS256 JWT signed with the
// project's JWT secret whose `url` claim is '<bucket>/<key>', valid for `expiresIn` seconds.
// The token carries no role, so the API gateway can never accept it as a bearer token, and an API
// key (which has no `url`) can never pass as a signed URL token.
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { secretBytes } from '../keys.ts'
import { errors } from './errors.ts'

/** An upper bound (one year) so a slip cannot mint a practically permanent link to a private file. */
export const MAX_EXPIRES_IN = 365 * 24 * 3600

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

  async sign(bucket: string, key: string, expiresIn: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000)
    return new SignJWT({ url: `${bucket}/${key}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(now)
      .setExpirationTime(now + expiresIn)
      .sign(this.secret)
  }

  /** Throws a 400 StorageHttpError unless the token is valid, unexpired and names this object. */
  async verify(token: string | undefined, bucket: string, key: string): Promise<void> {
    if (!token) throw errors.invalidSignature('Missing token')
    let url: unknown
    try {
      const { payload } = await jwtVerify(token, this.secret, { algorithms: ['HS256'], requiredClaims: ['exp'] })
      url = payload.url
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw errors.invalidSignature('jwt expired')
      throw errors.invalidSignature('invalid signature')
    }
    if (url !== `${bucket}/${key}`) throw errors.invalidSignature('invalid signature')
  }
}
