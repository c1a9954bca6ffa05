// GoTrue's error responses. GoTrue answers in one of two shapes, chosen by the request's
// X-Supabase-Api-Version header: without it (curl, old clients) `{code: <status>, error_code, msg}`;
// with 2024-01-01 or later (every supabase-js since 2.40 sends it) `{code: <error_code>, message}`
// and the header echoed back. supabase-js turns both into the same AuthApiError (message, status, code).
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type AuthErrorCode =
  | 'anonymous_provider_disabled'
  | 'bad_json'
  | 'bad_jwt'
  | 'email_exists'
  | 'email_not_confirmed'
  | 'email_provider_disabled'
  | 'insufficient_aal'
  | 'invalid_credentials'
  | 'manual_linking_disabled'
  | 'mfa_challenge_expired'
  | 'mfa_factor_name_conflict'
  | 'mfa_factor_not_found'
  | 'mfa_ip_address_mismatch'
  | 'mfa_phone_enroll_not_enabled'
  | 'mfa_verification_failed'
  | 'mfa_webauthn_enroll_not_enabled'
  | 'no_authorization'
  | 'not_admin'
  | 'otp_expired'
  | 'over_email_send_rate_limit'
  | 'otp_disabled'
  | 'over_request_rate_limit'
  | 'phone_provider_disabled'
  | 'provider_disabled'
  | 'reauthentication_needed'
  | 'reauthentication_not_valid'
  | 'refresh_token_already_used'
  | 'refresh_token_not_found'
  | 'saml_provider_disabled'
  | 'same_password'
  | 'session_expired'
  | 'session_not_found'
  | 'signup_disabled'
  | 'too_many_enrolled_mfa_factors'
  | 'unexpected_failure'
  | 'user_banned'
  | 'user_not_found'
  | 'validation_failed'
  | 'weak_password'

/** Thrown by handlers and helpers; the auth router's onError turns it into GoTrue's response. */
export class AuthError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly errorCode: AuthErrorCode,
    message: string,
    /** Extra top-level fields GoTrue adds to some errors (weak_password reasons). */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers (Retry-After). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

/** A 429 with Retry-After (whole seconds, rounded up). */
export function tooManyRequests(code: 'over_request_rate_limit' | 'over_email_send_rate_limit', message: string, retryAfterMs: number): AuthError {
  return new AuthError(429, code, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) })
}

export const INVALID_CREDENTIALS = (): AuthError => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

const API_VERSION_HEADER = 'x-supabase-api-version'
const API_VERSION_2024_01_01 = Date.UTC(2024, 0, 1)

/** GoTrue's DetermineClosestAPIVersion: a date at or after 2024-01-01 selects that version; anything else the initial one. */
function requestApiVersion(c: Context): '2024-01-01' | null {
  const raw = c.req.header(API_VERSION_HEADER)?.trim()
  const match = raw ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw) : null
  if (!match) return null
  const at = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return Number.isFinite(at) && at >= API_VERSION_2024_01_01 ? '2024-01-01' : null
}

export function authErrorResponse(c: Context, error: AuthError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  const version = requestApiVersion(c)
  if (version) {
    c.header(API_VERSION_HEADER, version)
    return c.json({ code: error.errorCode, message: error.message, ...error.extra }, error.status)
  }
  return c.json({ code: error.status, error_code: error.errorCode, msg: error.message, ...error.extra }, error.status)
}
