// The code an authenticator app shows for a TOTP secret (RFC 6238: SHA-1, 6 digits, 30-second
// steps), made with a real TOTP library, for every test and script that signs in with two factors.
import { Secret, TOTP } from 'otpauth'

export const TOTP_STEP_MS = 30_000

function totpFor(secret: string): TOTP {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: TOTP_STEP_MS / 1000 })
}

/** The code at `at`: now, or the time a test backend's clock reads (backend.now()). */
export function totpCode(secret: string, at = Date.now()): string {
  return totpFor(secret).generate({ timestamp: at })
}

/** The code `steps` 30-second steps after `from`: one a code used a moment ago is not (each works once). */
export function totpCodeAhead(secret: string, steps: number, from = Date.now()): string {
  return totpCode(secret, from + steps * TOTP_STEP_MS)
}

/** Whether `code` passes the check GoTrue makes against `secret`: the current step or one either side. */
export function totpAccepted(secret: string, code: string, at = Date.now()): boolean {
  return totpFor(secret).validate({ token: code, timestamp: at, window: 1 }) !== null
}
