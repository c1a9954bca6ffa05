// Settings of the local auth API. The defaults are the production values; the environment can
// shrink the brute-force windows so tests do not wait 15 minutes, never disable them. What a hosted
// project configures in supabase/config.toml (redirect allow list, password length, secure password
// change) is read from there, as the Supabase CLI reads it.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { parse } from 'smol-toml'
import { repoRoot } from '../bootstrap.ts'
import { parseGoDuration } from './go-duration.ts'

export interface AuthConfig {
  /** Lifetime of an access token, as GoTrue's GOTRUE_JWT_EXP (Supabase's default, 3600 s). */
  accessTokenTtlSeconds: number
  /** GoTrue's PASSWORD_MIN_LENGTH (config.toml `minimum_password_length`): every new password. */
  passwordMinLength: number
  /**
   * GoTrue's SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION (config.toml
   * `[auth.email] secure_password_change`): a session signed in longer ago than
   * `reauthenticationAfterSeconds` needs a nonce from GET /reauthenticate to set a password.
   */
  securePasswordChange: boolean
  reauthenticationAfterSeconds: number
  /**
   * GoTrue's MAILER_SECURE_EMAIL_CHANGE_ENABLED (config.toml `[auth.email] double_confirm_changes`,
   * on unless set to false): a change of address waits for a link to the current address too.
   */
  doubleConfirmEmailChanges: boolean
  /**
   * GoTrue's SMTP_MAX_FREQUENCY (config.toml `[auth.email] max_frequency`, a Go duration; 60 s
   * unless set): the least time between two e-mails of one kind to one account (sign-in links,
   * e-mail change links, reauthentication codes).
   */
  emailMaxFrequencySeconds: number
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
   * GoTrue's URI_ALLOW_LIST (config.toml `additional_redirect_urls`): glob patterns a redirect_to
   * outside SITE_URL's origin must match.
   */
  redirectAllowList: string[]
  /**
   * The pages that take a recovery or an invitation link's session: those links land only there,
   * on an allowed origin, whatever path redirect_to names, so their tokens never pass through a
   * page that could send the browser on.
   */
  linkPages: { recovery: string; invite: string }
  /**
   * GoTrue's API_EXTERNAL_URL: where e-mailed links reach /auth/v1 (npm start: the site, which
   * proxies it). Empty: the origin the request came to, never a header a visitor could choose.
   */
  apiExternalUrl: string
  /** How long an invitation or recovery link works (GoTrue's MAILER_OTP_EXP). */
  linkTtlSeconds: number
  /** Wrong tries at an e-mailed 6-digit code (or reauthentication nonce) after which that code stops working. */
  emailCodeAttempts: number
  mfa: MfaConfig
  mail: { smtpUrl: string; from: string }
}

export interface MfaConfig {
  /** Challenge and verify requests per client per minute (GoTrue's default 15). */
  requestsPerMinute: number
  /** Wrong codes in a row after which the session that made them is ended. */
  wrongCodesPerSession: number
  /**
   * Wrong codes on one factor, from all sessions, within `lockSeconds`, after which it is refused
   * from every address it has never been verified from (its owner's usual ones keep working).
   */
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
  securePasswordChange: false,
  reauthenticationAfterSeconds: 24 * 3600,
  doubleConfirmEmailChanges: true,
  emailMaxFrequencySeconds: 60,
  refreshReuseIntervalSeconds: 10,
  rateLimit: { windowMs: 15 * 60 * 1000, maxPerEmail: 5, maxPerClient: 20, slowdownMs: 250 },
  siteUrl: 'http://localhost:3000',
  redirectAllowList: [],
  linkPages: { recovery: '/admin/reset', invite: '/admin/welcome' },
  apiExternalUrl: '',
  linkTtlSeconds: 3600,
  emailCodeAttempts: 5,
  mfa: { requestsPerMinute: 15, wrongCodesPerSession: 5, lockAfter: 10, lockSeconds: 15 * 60, maxVerified: 2, maxEnrolled: 10 },
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

function readFlag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim()
  if (raw === undefined || raw === '') return fallback
  if (raw === '1' || raw === 'true') return true
  if (raw === '0' || raw === 'false') return false
  throw new Error(`${name} must be 1 or 0, got "${raw}"`)
}

function readApiUrl(env: NodeJS.ProcessEnv): string {
  const raw = env.API_EXTERNAL_URL?.trim()
  if (!raw) return ''
  const origin = readOrigin(env, 'API_EXTERNAL_URL', '')
  return `${origin}${new URL(raw).pathname.replace(/\/+$/, '')}`
}

/** What supabase/config.toml's [auth] section says about the settings above. */
export interface ProjectAuthSettings {
  additionalRedirectUrls?: string[]
  minimumPasswordLength?: number
  securePasswordChange?: boolean
  doubleConfirmEmailChanges?: boolean
  emailMaxFrequencySeconds?: number
}

export function readProjectAuthSettings(file = path.join(repoRoot, 'supabase/config.toml')): ProjectAuthSettings {
  const auth = (parse(readFileSync(file, 'utf8')) as { auth?: Record<string, unknown> }).auth ?? {}
  const email = (auth.email ?? {}) as Record<string, unknown>
  const urls = auth.additional_redirect_urls
  if (urls !== undefined && (!Array.isArray(urls) || !urls.every((url) => typeof url === 'string'))) {
    throw new Error('supabase/config.toml: auth.additional_redirect_urls must be a list of strings')
  }
  const minimum = auth.minimum_password_length
  if (minimum !== undefined && (typeof minimum !== 'number' || !Number.isInteger(minimum) || minimum < 6)) {
    throw new Error('supabase/config.toml: auth.minimum_password_length must be an integer of at least 6')
  }
  const frequency = email.max_frequency
  const frequencyMs = typeof frequency === 'string' ? parseGoDuration(frequency) : null
  if (frequency !== undefined && (frequencyMs === null || frequencyMs < 0)) {
    throw new Error('supabase/config.toml: auth.email.max_frequency must be a duration such as "60s" or "1m"')
  }
  return {
    additionalRedirectUrls: urls as string[] | undefined,
    minimumPasswordLength: minimum as number | undefined,
    securePasswordChange: email.secure_password_change === true,
    doubleConfirmEmailChanges: email.double_confirm_changes !== false,
    emailMaxFrequencySeconds: frequencyMs === null ? undefined : Math.ceil(frequencyMs / 1000),
  }
}

/**
 * GoTrue's URI_ALLOW_LIST: comma-separated; unset or empty (as in a copied .env.example), the
 * project's additional_redirect_urls.
 */
function readAllowList(env: NodeJS.ProcessEnv, fromProject: string[] | undefined): string[] {
  const raw = env.URI_ALLOW_LIST?.trim()
  const list = raw ? raw.split(',') : (fromProject ?? [])
  return list.map((entry) => entry.trim()).filter((entry) => entry !== '')
}

export function loadAuthConfig(env: NodeJS.ProcessEnv = process.env, project: ProjectAuthSettings = readProjectAuthSettings()): AuthConfig {
  const d = DEFAULT_AUTH_CONFIG
  return {
    accessTokenTtlSeconds: d.accessTokenTtlSeconds,
    passwordMinLength: project.minimumPasswordLength ?? d.passwordMinLength,
    securePasswordChange: readFlag(env, 'AUTH_SECURE_PASSWORD_CHANGE', project.securePasswordChange ?? d.securePasswordChange),
    reauthenticationAfterSeconds: readInt(env, 'AUTH_REAUTHENTICATION_AFTER_S', d.reauthenticationAfterSeconds, 0),
    doubleConfirmEmailChanges: project.doubleConfirmEmailChanges ?? d.doubleConfirmEmailChanges,
    emailMaxFrequencySeconds: project.emailMaxFrequencySeconds ?? d.emailMaxFrequencySeconds,
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
    redirectAllowList: readAllowList(env, project.additionalRedirectUrls),
    linkPages: d.linkPages,
    apiExternalUrl: readApiUrl(env),
    linkTtlSeconds: readInt(env, 'AUTH_LINK_TTL_S', d.linkTtlSeconds, 1),
    emailCodeAttempts: d.emailCodeAttempts,
    mfa: { ...d.mfa, requestsPerMinute: readInt(env, 'AUTH_MFA_RATE_PER_MINUTE', d.mfa.requestsPerMinute, 1) },
    mail: { smtpUrl: env.SMTP_URL?.trim() ?? '', from: env.MAIL_FROM?.trim() || d.mail.from },
  }
}
