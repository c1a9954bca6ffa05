// Settings of the local auth API. The defaults are the production values; the environment can
// shrink the brute-force windows so tests do not wait 15 minutes, never disable them.

export interface AuthConfig {
  /** Lifetime of an access token, as GoTrue's GOTRUE_JWT_EXP (Supabase's default, 3600 s). */
  accessTokenTtlSeconds: number
  /** Minimum password length for accounts created through the admin API and the first admin. */
  passwordMinLength: number
  /**
   * A revoked refresh token presented again within this many seconds of its rotation gets a fresh
   * token (two tabs refreshing at once); later, it is treated as stolen and its whole session is
   * revoked. GoTrue's GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL, default 10.
   */
  refreshReuseIntervalSeconds: number
  rateLimit: RateLimitConfig
  /** GoTrue's SITE_URL: {{ .SiteURL }} in e-mails and where links lead when no allowed redirect_to is given. */
  siteUrl: string
  /**
   * GoTrue's API_EXTERNAL_URL: where e-mailed links reach /auth/v1 (npm start: the site, which
   * proxies it). Empty: the origin the request came to, never a header a visitor could choose.
   */
  apiExternalUrl: string
  /** How long an invitation or recovery link works (GoTrue's MAILER_OTP_EXP). */
  linkTtlSeconds: number
  mfa: MfaConfig
  mail: { smtpUrl: string; from: string }
}

export interface MfaConfig {
  /** Challenge and verify requests per client per minute (GoTrue's default 15). */
  requestsPerMinute: number
  /** Wrong codes in a row after which a factor locks. */
  lockAfter: number
  lockSeconds: number
  /** Verified factors a person may have (a phone and a backup phone). */
  maxVerified: number
  /** Factors, verified or not (GoTrue's MFA_MAX_ENROLLED_FACTORS). */
  maxEnrolled: number
}

export interface RateLimitConfig {
  /** Sliding window over which failed sign-ins are counted. */
  windowMs: number
  /**
   * Failed sign-ins for one e-mail address from one client within the window before that client is
   * refused for it; past this many from all clients together, the account is slowed for everyone.
   */
  maxPerEmail: number
  /** Failed sign-ins from one client address within the window before it is refused. */
  maxPerClient: number
  /** First delay once half the allowance is used; doubles with each further failure, capped at 8x. */
  slowdownMs: number
}

export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  accessTokenTtlSeconds: 3600,
  passwordMinLength: 8,
  refreshReuseIntervalSeconds: 10,
  rateLimit: { windowMs: 15 * 60 * 1000, maxPerEmail: 5, maxPerClient: 20, slowdownMs: 250 },
  siteUrl: 'http://localhost:3000',
  apiExternalUrl: '',
  linkTtlSeconds: 3600,
  mfa: { requestsPerMinute: 15, lockAfter: 5, lockSeconds: 15 * 60, maxVerified: 2, maxEnrolled: 10 },
  mail: { smtpUrl: '', from: 'Ledgerfield Technologies <no-reply@localhost>' },
}

/** An http(s) origin from the environment, or an error naming the variable. */
function readOrigin(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name]?.trim()
  if (!raw) return fallback
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must use http or https, got "${raw}"`)
  return url.origin
}

function readInt(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]
  if (raw === undefined || raw.trim() === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`)
  }
  return value
}

function readApiUrl(env: NodeJS.ProcessEnv): string {
  const raw = env.API_EXTERNAL_URL?.trim()
  if (!raw) return ''
  const origin = readOrigin(env, 'API_EXTERNAL_URL', '')
  return `${origin}${new URL(raw).pathname.replace(/\/+$/, '')}`
}

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env): AuthConfig {
  const d = DEFAULT_AUTH_CONFIG
  return {
    accessTokenTtlSeconds: d.accessTokenTtlSeconds,
    passwordMinLength: d.passwordMinLength,
    refreshReuseIntervalSeconds: readInt(env, 'AUTH_REFRESH_REUSE_INTERVAL_S', d.refreshReuseIntervalSeconds, 0),
    rateLimit: {
      // Minimums keep a misconfiguration from switching the protection off.
      windowMs: readInt(env, 'AUTH_RATE_WINDOW_MS', d.rateLimit.windowMs, 100),
      maxPerEmail: readInt(env, 'AUTH_RATE_MAX_PER_EMAIL', d.rateLimit.maxPerEmail, 1),
      maxPerClient: readInt(env, 'AUTH_RATE_MAX_PER_CLIENT', d.rateLimit.maxPerClient, 1),
      slowdownMs: readInt(env, 'AUTH_RATE_SLOWDOWN_MS', d.rateLimit.slowdownMs, 0),
    },
    // The web server's own origin: the site proxies /auth/v1, and its pages take the links.
    siteUrl: readOrigin(env, 'SITE_URL', env.PORT ? `http://localhost:${env.PORT}` : d.siteUrl),
    apiExternalUrl: readApiUrl(env),
    linkTtlSeconds: readInt(env, 'AUTH_LINK_TTL_S', d.linkTtlSeconds, 1),
    mfa: { ...d.mfa, requestsPerMinute: readInt(env, 'AUTH_MFA_RATE_PER_MINUTE', d.mfa.requestsPerMinute, 1) },
    mail: { smtpUrl: env.SMTP_URL?.trim() ?? '', from: env.MAIL_FROM?.trim() || d.mail.from },
  }
}
