// Sessions and their refresh tokens (auth.sessions, auth.refresh_tokens), with GoTrue's rotation:
// every refresh revokes the presented token and issues a child; presenting a revoked token again
// after the reuse interval means it was copied, so the whole session is ended.
// All functions run inside one asSystem transaction; PGlite runs one transaction at a time, so a
// token cannot be rotated twice concurrently.
import { randomUUID } from 'node:crypto'
import type { Transaction } from '../db.ts'
import { AuthError } from './errors.ts'
import { newRefreshToken, refreshTokenDigest } from './tokens.ts'

export interface SessionRow {
  id: string
  user_id: string
  created_at: Date
  aal: 'aal1' | 'aal2' | 'aal3' | null
}

/** How a session was authenticated, as GoTrue names it in the `amr` claim. */
export type AuthMethod = 'password' | 'otp' | 'totp'

export interface Assurance {
  aal: 'aal1' | 'aal2'
  /** Newest first. */
  amr: { method: string; timestamp: number }[]
}

export interface ClientInfo {
  userAgent: string | null
  ip: string | null
}

export interface IssuedSession {
  session: SessionRow
  refreshToken: string
  assurance: Assurance
}

async function insertRefreshToken(tx: Transaction, session: SessionRow, parentDigest: string | null): Promise<string> {
  const token = newRefreshToken()
  await tx.query('insert into auth.refresh_tokens (token, user_id, parent, session_id) values ($1, $2, $3, $4)', [
    refreshTokenDigest(token),
    session.user_id,
    parentDigest,
    session.id,
  ])
  return token
}

/** Records that `method` authenticated the session now (GoTrue's AddClaimToSession). */
export async function addAmrClaim(tx: Transaction, sessionId: string, method: AuthMethod): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict on constraint mfa_amr_claims_session_id_authentication_method_pkey do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  )
}

/** GoTrue's CalculateAALAndAMR: aal2 once a second factor verified the session; amr newest first. */
export async function sessionAssurance(tx: Transaction, sessionId: string): Promise<Assurance> {
  const { rows } = await tx.query<{ method: string; timestamp: number }>(
    `select authentication_method as method, extract(epoch from updated_at)::bigint::int as timestamp
     from auth.mfa_amr_claims where session_id = $1 order by updated_at desc`,
    [sessionId],
  )
  const aal = rows.some((row) => row.method === 'totp') ? 'aal2' : 'aal1'
  return { aal, amr: rows.map((row) => ({ method: row.method, timestamp: Number(row.timestamp) })) }
}

export async function startSession(tx: Transaction, userId: string, client: ClientInfo, method: AuthMethod): Promise<IssuedSession> {
  const { rows } = await tx.query<SessionRow>(
    `insert into auth.sessions (id, user_id, user_agent, ip, aal) values ($1, $2, $3, $4, 'aal1')
     returning id, user_id, created_at, aal`,
    [randomUUID(), userId, client.userAgent, client.ip],
  )
  const session = rows[0]
  await addAmrClaim(tx, session.id, method)
  const refreshToken = await insertRefreshToken(tx, session, null)
  return { session, refreshToken, assurance: await sessionAssurance(tx, session.id) }
}

/**
 * A second factor verified the session: it becomes aal2 and gets a new refresh token, and every
 * token issued before is deleted, so an aal1 copy of the session's refresh token cannot mint aal2
 * access tokens.
 */
export async function raiseSession(tx: Transaction, current: SessionRow, factorId: string): Promise<IssuedSession> {
  const session: SessionRow = { ...current, aal: 'aal2' }
  await addAmrClaim(tx, session.id, 'totp')
  await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, factorId])
  await tx.query('delete from auth.refresh_tokens where session_id = $1', [session.id])
  const refreshToken = await insertRefreshToken(tx, session, null)
  return { session, refreshToken, assurance: await sessionAssurance(tx, session.id) }
}

/** GoTrue's InvalidateSessionsWithAALLessThan(aal2): the person's sessions that no second factor verified end. */
export async function endAal1Sessions(tx: Transaction, userId: string): Promise<void> {
  await tx.query(`delete from auth.sessions where user_id = $1 and (aal is null or aal = 'aal1')`, [userId])
}

/** GoTrue's DowngradeSessionsToAAL1: sessions that this factor verified lose their second factor. */
export async function downgradeSessions(tx: Transaction, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factorId],
  )
  await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factorId])
}

/** A session that exists and has not been ended (not_after in the past). */
export async function findLiveSession(tx: Transaction, id: string): Promise<SessionRow | null> {
  const { rows } = await tx.query<SessionRow>(
    `select id, user_id, created_at, aal from auth.sessions
     where id = $1 and (not_after is null or not_after > now())`,
    [id],
  )
  return rows[0] ?? null
}

interface PresentedToken {
  id: string
  token: string
  revoked: boolean
  within_reuse_interval: boolean
  session_id: string
  user_id: string
  session_created_at: Date
  session_aal: SessionRow['aal']
  session_ended: boolean
}

/**
 * Exchanges a refresh token for a new one. Returns the session and the new token, or GoTrue's 400
 * (refresh_token_not_found, session_expired, refresh_token_already_used) as a value rather than a
 * throw, so the caller commits the session revocation that reuse triggers.
 */
export async function rotateRefreshToken(
  tx: Transaction,
  presented: string,
  reuseIntervalSeconds: number,
  client: ClientInfo,
): Promise<IssuedSession | AuthError> {
  const { rows } = await tx.query<PresentedToken>(
    `select rt.id::text as id, rt.token, rt.revoked,
            rt.updated_at > now() - make_interval(secs => $2) as within_reuse_interval,
            s.id as session_id, s.user_id, s.created_at as session_created_at, s.aal as session_aal,
            (s.not_after is not null and s.not_after <= now()) as session_ended
     from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token = $1`,
    [refreshTokenDigest(presented), reuseIntervalSeconds],
  )
  const found = rows[0]
  if (!found) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  if (found.session_ended) return new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired')

  if (found.revoked && !found.within_reuse_interval) {
    // Reuse outside the grace window: someone else holds a copy. End the session for everyone;
    // the returned (not thrown) error lets the caller commit these writes.
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [found.session_id])
    await tx.query('update auth.sessions set not_after = now(), updated_at = now() where id = $1', [found.session_id])
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  }

  if (!found.revoked) {
    // updated_at marks the rotation time, from which the reuse interval runs.
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [found.id])
  }
  // Within the interval a revoked token gets a sibling of the child it already produced (the
  // client lost the first answer, or two tabs refreshed at once). GoTrue hands back the existing
  // child; this backend only stores digests, so it cannot, and issues a new one instead.
  const session: SessionRow = { id: found.session_id, user_id: found.user_id, created_at: found.session_created_at, aal: found.session_aal }
  const refreshToken = await insertRefreshToken(tx, session, found.token)
  await tx.query('update auth.sessions set updated_at = now(), refreshed_at = now(), user_agent = $2, ip = $3 where id = $1', [
    session.id,
    client.userAgent,
    client.ip,
  ])
  // The session keeps the level its sign-in reached: a refresh never raises or lowers it.
  return { session, refreshToken, assurance: await sessionAssurance(tx, session.id) }
}

export type LogoutScope = 'global' | 'local' | 'others'

/**
 * GoTrue's /logout: global ends every session of the user, local only this one, others all but
 * this one. Deleting a session deletes its refresh tokens (foreign key cascade).
 */
export async function endSessions(tx: Transaction, userId: string, sessionId: string | null, scope: LogoutScope): Promise<void> {
  if (sessionId === null || scope === 'global') {
    await tx.query('delete from auth.sessions where user_id = $1', [userId])
  } else if (scope === 'local') {
    await tx.query('delete from auth.sessions where id = $1', [sessionId])
  } else {
    await tx.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId])
  }
}
