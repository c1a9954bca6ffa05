// TOTP as GoTrue checks it (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of tolerance each
// way) and the enrolment QR code as an SVG document, as GoTrue returns it.
import { Secret, TOTP } from 'otpauth'

const PERIOD_S = 30
const DIGITS = 6

/** A new shared secret: 160 random bits, base32 (what authenticator apps take as text). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function totpUri(issuer: string, accountName: string, secret: string): string {
  return new TOTP({ issuer, label: accountName, secret, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_S }).toString()
}

/** The time step a code belongs to, when it is valid now (±1 step); null otherwise. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: DIGITS,
    period: PERIOD_S,
    timestamp: now,
    window: 1,
  })
  return delta === null ? null : TOTP.counter({ period: PERIOD_S, timestamp: now }) + delta
}

/** High error correction, as GoTrue encodes it, so a slightly blurred phone photo still reads. */
export async function qrCodeSvg(text: string): Promise<string> {
  // Loaded with the first enrolment, not at start: most backends never draw a QR code.
  const { default: QRCode } = await import('qrcode')
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'H', margin: 2 })
}
