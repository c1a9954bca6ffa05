// auth.mfa_factors and auth.mfa_challenges as GoTrue keeps them (TOTP only), and the local guard
// on top: a code's time step is spent once accepted, and too many wrong codes lock the factor for
// every address it was never verified from (each lock twice as long as the one before).
import { randomUUID } from 'node:crypto'
import type { Transaction } from '../db.ts'

/** GoTrue's MFA_FACTOR_EXPIRY_DURATION and MFA_CHALLENGE_EXPIRY_DURATION defaults. */
export const FACTOR_EXPIRY_S = 300
export const CHALLENGE_EXPIRY_S = 300

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: 'totp' | 'webauthn' | 'phone'
  status: 'verified' | 'unverified'
  created_at: Date
  updated_at: Date
  secret: string | null
  last_challenged_at: Date | null
}

/** A factor as GoTrue shows it: never its secret. */
export interface FactorJson {
  id: string
  friendly_name?: string
  factor_type: string
  status: string
  created_at: string
  updated_at: string
  last_challenged_at: string | null
}

export function factorJson(row: FactorRow): FactorJson {
  return {
    id: row.id,
    ...(row.friendly_name ? { friendly_name: row.friendly_name } : {}),
    factor_type: row.factor_type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    last_challenged_at: row.last_challenged_at ? row.last_challenged_at.toISOString() : null,
  }
}

const COLUMNS = 'id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret, last_challenged_at'

/**
 * The person's factors, oldest first. An enrolment nobody confirmed within the expiry (GoTrue's
 * DeleteExpiredFactors) is removed first, so an abandoned QR code cannot be finished later.
 */
export async function factorsOf(tx: Transaction, userId: string): Promise<FactorRow[]> {
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified'
       and greatest(created_at, coalesce(last_challenged_at, created_at)) < now() - make_interval(secs => $2)`,
    [userId, FACTOR_EXPIRY_S],
  )
  const { rows } = await tx.query<FactorRow>(`select ${COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`, [userId])
  return rows
}

export async function insertTotpFactor(tx: Transaction, userId: string, friendlyName: string, secret: string): Promise<FactorRow> {
  const { rows } = await tx.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4) returning ${COLUMNS}`,
    [randomUUID(), userId, friendlyName, secret],
  )
  return rows[0]
}

export async function deleteFactor(tx: Transaction, factorId: string): Promise<void> {
  await tx.query('delete from auth.mfa_factors where id = $1', [factorId])
}

export async function markVerified(tx: Transaction, factorId: string): Promise<void> {
  await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [factorId])
}

/** GoTrue's DeleteUnverifiedFactors: once one factor is verified, abandoned enrolments go. */
export async function deleteUnverifiedFactors(tx: Transaction, userId: string): Promise<void> {
  await tx.query(`delete from auth.mfa_factors where user_id = $1 and status = 'unverified'`, [userId])
}

export interface ChallengeRow {
  id: string
  created_at: Date
  verified_at: Date | null
  same_address: boolean
  expired: boolean
}

/** Where a challenge was asked from: addresses only (the column is inet), anything else as 0.0.0.0. */
export function challengeAddress(ip: string | null): string {
  return ip && /^[0-9a-f:.]+$/i.test(ip) && (ip.includes('.') || ip.includes(':')) ? ip : '0.0.0.0'
}

export async function createChallenge(tx: Transaction, factorId: string, ip: string | null): Promise<{ id: string; expiresAt: number }> {
  const { rows } = await tx.query<{ id: string; expires_at: number }>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, now(), $3::inet)
     returning id, extract(epoch from created_at + make_interval(secs => $4))::bigint::int as expires_at`,
    [randomUUID(), factorId, challengeAddress(ip), CHALLENGE_EXPIRY_S],
  )
  // clock_timestamp(): last_challenged_at is unique, so two challenges in one transaction-time instant must differ.
  await tx.query('update auth.mfa_factors set last_challenged_at = clock_timestamp() where id = $1', [factorId])
  return { id: rows[0].id, expiresAt: Number(rows[0].expires_at) }
}

export async function findChallenge(tx: Transaction, factorId: string, challengeId: string, ip: string | null): Promise<ChallengeRow | null> {
  const { rows } = await tx.query<ChallengeRow>(
    `select id, created_at, verified_at, ip_address = $3::inet as same_address,
            created_at + make_interval(secs => $4) < now() as expired
     from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factorId, challengeAddress(ip), CHALLENGE_EXPIRY_S],
  )
  return rows[0] ?? null
}

export async function deleteChallenge(tx: Transaction, challengeId: string): Promise<void> {
  await tx.query('delete from auth.mfa_challenges where id = $1', [challengeId])
}

export async function markChallengeVerified(tx: Transaction, challengeId: string): Promise<void> {
  await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [challengeId])
}

export interface TotpGuard {
  lastUsedStep: number | null
  /** Seconds until the lock lifts; 0 when not locked. */
  lockedForS: number
  /** The factor was verified from this address before: a lock does not apply to it. */
  knownAddress: boolean
}

export async function readGuard(tx: Transaction, factorId: string, ip: string | null): Promise<TotpGuard> {
  const { rows } = await tx.query<{ last_used_step: string | null; locked_for: number; known: boolean }>(
    `select g.last_used_step::text, coalesce(ceil(extract(epoch from g.locked_until - now())), 0)::int as locked_for,
            exists (select 1 from local_auth.totp_known_addresses k where k.factor_id = $1 and k.address = $2) as known
     from (select 1) one left join local_auth.totp_guard g on g.factor_id = $1`,
    [factorId, challengeAddress(ip)],
  )
  const row = rows[0]
  return {
    lastUsedStep: row?.last_used_step ? Number(row.last_used_step) : null,
    lockedForS: Math.max(0, row?.locked_for ?? 0),
    knownAddress: row?.known ?? false,
  }
}

/** The longest lock: the doubling stops at 64 times the first. */
const MAX_LOCK_DOUBLINGS = 6

/**
 * Counts a wrong code; the `lockAfter`th in a row locks the factor (for addresses it was never
 * verified from) for `lockSeconds`, doubled for each lock since the last accepted code.
 */
export async function recordWrongCode(tx: Transaction, factorId: string, lockAfter: number, lockSeconds: number): Promise<void> {
  const { rows } = await tx.query<{ failed_codes: number; lock_count: number }>(
    `insert into local_auth.totp_guard (factor_id, failed_codes) values ($1, 1)
     on conflict (factor_id) do update set failed_codes = local_auth.totp_guard.failed_codes + 1
     returning failed_codes, lock_count`,
    [factorId],
  )
  if (rows[0].failed_codes < lockAfter) return
  const seconds = lockSeconds * 2 ** Math.min(rows[0].lock_count, MAX_LOCK_DOUBLINGS)
  await tx.query(
    `update local_auth.totp_guard set failed_codes = 0, lock_count = lock_count + 1, locked_until = now() + make_interval(secs => $2)
     where factor_id = $1`,
    [factorId, seconds],
  )
}

/**
 * A right code: its step is spent, the address becomes a known one, and the wrong-code count
 * starts over; a lock in force stays (its owner was not shut out by it), the doubling ends after.
 */
export async function recordAcceptedCode(tx: Transaction, factorId: string, step: number, ip: string | null): Promise<void> {
  await tx.query(
    `insert into local_auth.totp_guard (factor_id, last_used_step, failed_codes) values ($1, $2, 0)
     on conflict (factor_id) do update set last_used_step = $2, failed_codes = 0,
       lock_count = case when local_auth.totp_guard.locked_until > now() then local_auth.totp_guard.lock_count else 0 end`,
    [factorId, step],
  )
  await tx.query(
    `insert into local_auth.totp_known_addresses (factor_id, address) values ($1, $2)
     on conflict (factor_id, address) do update set verified_at = now()`,
    [factorId, challengeAddress(ip)],
  )
}

/** The factors of several people at once (the admin user list), by user id. */
export async function factorsByUser(tx: Transaction, userIds: string[]): Promise<Map<string, FactorRow[]>> {
  const { rows } = await tx.query<FactorRow>(`select ${COLUMNS} from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`, [userIds])
  const byUser = new Map<string, FactorRow[]>()
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row])
  return byUser
}

/** Wrong codes in a row per session, in memory (a restart forgets them: sessions are ended by them, not locked). */
export class SessionCounter {
  private readonly counts = new Map<string, number>()

  add(sessionId: string): number {
    const count = (this.counts.get(sessionId) ?? 0) + 1
    this.counts.delete(sessionId) // re-insert: Map order then tracks recency for eviction
    this.counts.set(sessionId, count)
    for (const oldest of this.counts.keys()) {
      if (this.counts.size <= 50_000) break
      this.counts.delete(oldest)
    }
    return count
  }

  forget(sessionId: string): void {
    this.counts.delete(sessionId)
  }
}
