// The code an authenticator app shows for a TOTP secret (SHA-1, 6 digits, 30-second steps), made
// with a real TOTP library: at `at`, e.g. the time a test backend's clock reads (backend.now()).
import { Secret, TOTP } from 'otpauth'

export const TOTP_STEP_MS = 30_000

export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_STEP_MS / 1000 }).generate({ timestamp: at })
}
