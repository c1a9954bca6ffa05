// What every group of auth endpoints shares: the backend, its settings, the mailer, who the client
// is, and GoTrue's session answer.
import type { Context } from 'hono'
import type { Transaction } from '../db.ts'
import type { BackendDeps } from '../deps.ts'
import { requestHeaders } from '../identity.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { AuthConfig } from './config.ts'
import { factorsOf, type FactorRow } from './mfa.ts'
import type { ClientInfo, IssuedSession } from './sessions.ts'
import { signAccessToken } from './tokens.ts'
import { userJson, type UserRow } from './users.ts'

export interface Grant {
  user: UserRow
  factors: FactorRow[]
  issued: IssuedSession
}

export interface AuthKit {
  deps: BackendDeps
  config: AuthConfig
  mailer: Mailer
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

export function createKit(deps: BackendDeps, config: AuthConfig, mailer: Mailer): AuthKit {
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
    const { token, expiresAt } = await signAccessToken(deps.keys.jwtSecret, {
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

  return { deps, config, mailer, clientOf, sessionResponse, apiUrl }
}
