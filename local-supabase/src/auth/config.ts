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
  }
}
