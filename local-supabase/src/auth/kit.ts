// What every auth endpoint is handed: the backend, its settings, the mailer, the flood limits and
// counters that outlive a request, who the client is, and GoTrue's session answer. Handlers are
// top-level functions of (kit, request), so each route group is a plain module (routes.ts wires them).
import type { Context } from 'hono'
import type { Transaction } from '../db.ts'
import type { BackendDeps } from '../deps.ts'
import { requestHeaders } from '../identity.ts'
import { currentSigningKey } from '../keys.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'
import { now } from '../test-clock.ts'
import type { AuthConfig } from './config.ts'
import type { CodeCheck } from './links.ts'
import { factorsOf, SessionCounter, type FactorRow } from './mfa.ts'
import { RequestLimiter, SignInLimiter } from './rate-limit.ts'
import type { ClientInfo, IssuedSession } from './sessions.ts'
import { signAccessToken } from './tokens.ts'
import { userJson, type UserRow } from './users.ts'

export interface Grant {
  user: UserRow
  factors: FactorRow[]
  issued: IssuedSession
}

export interface AuthLimits {
  /** Password sign-ins, by address and client. */
  signIn: SignInLimiter
  /** Recovery and confirmation e-mails: throttled like password guessing, by address and client. */
  emails: SignInLimiter
  /** GoTrue's /verify limit (30 per 5 minutes per client); the per-account limit is the code's own. */
  verify: RequestLimiter
  /** GoTrue's limit on MFA challenge and verify, per client. */
  mfa: RequestLimiter
  /** Wrong TOTP codes in a row per session. */
  wrongCodes: SessionCounter
}

export interface AuthKit {
  deps: BackendDeps
  config: AuthConfig
  mailer: Mailer
  limits: AuthLimits
  /** How e-mailed codes are checked (their HMAC key, tries and lifetime). */
  codeCheck(): CodeCheck
  clientOf(c: Context): Promise<ClientInfo>
  /** GoTrue's access-token answer for a session just issued or refreshed. */
  sessionResponse(c: Context, grant: Grant): Promise<Response>
  /** The auth API's own public URL (links in e-mails point at /verify there). */
  apiUrl(c: Context): string
}

/** The person's current factors go with every session answer (the client reads them for aal). */
export async function grantFor(tx: Transaction, user: UserRow, issued: IssuedSession): Promise<Grant> {
  return { user, factors: await factorsOf(tx, user.id), issued }
}

export function createKit(deps: BackendDeps, config: AuthConfig): AuthKit {
  const mailer = createMailer({ dataDir: deps.config.dataDir, smtpUrl: config.mail.smtpUrl, from: config.mail.from })
  const limits: AuthLimits = {
    signIn: new SignInLimiter(config.rateLimit, now),
    emails: new SignInLimiter(config.rateLimit, now),
    verify: new RequestLimiter(30, 5 * 60_000),
    mfa: new RequestLimiter(config.mfa.requestsPerMinute, 60_000),
    wrongCodes: new SessionCounter(),
  }
  /**
   * The client as the project's SQL names it from the X-Forwarded-For chain (CLIENT_ADDRESS_SQL), so
   * sign-in and the database's own limits key alike; without it, the caller's own address (the
   * chain's last entry), which no request can choose.
   */
  const clientAddressSql = deps.config.clientAddressSql
  const clientOf = async (c: Context): Promise<ClientInfo> => {
    const forwardedFor = requestHeaders(c)['x-forwarded-for'] ?? null
    const address = clientAddressSql
      ? await deps.db.asSystem(async (tx) => {
          const { rows } = await tx.query<{ address: string | null }>(clientAddressSql, [forwardedFor])
          return rows[0]?.address ?? null
        })
      : (forwardedFor?.split(',').at(-1)?.trim() ?? null) || null
    return { userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null, ip: address }
  }

  const apiUrl = (c: Context): string => config.apiExternalUrl || `${new URL(c.req.url).origin}/auth/v1`

  const sessionResponse = async (c: Context, grant: Grant): Promise<Response> => {
    const { user, issued } = grant
    // The key current now: a rotation applies to the next token without a restart.
    const { token, expiresAt } = await signAccessToken(currentSigningKey(deps.keys).jwk, {
      user,
      sessionId: issued.session.id,
      assurance: issued.assurance,
      issuer: `${new URL(c.req.url).origin}/auth/v1`,
      ttlSeconds: config.accessTokenTtlSeconds,
    })
    c.header('Cache-Control', 'no-store')
    return c.json({
      access_token: token,
      token_type: 'bearer',
      expires_in: config.accessTokenTtlSeconds,
      expires_at: expiresAt,
      refresh_token: issued.refreshToken,
      user: userJson(user, grant.factors),
    })
  }

  const codeCheck = (): CodeCheck => ({ secret: deps.keys.jwtSecret, maxAttempts: config.emailCodeAttempts, ttlSeconds: config.linkTtlSeconds })

  return { deps, config, mailer, limits, codeCheck, clientOf, sessionResponse, apiUrl }
}
