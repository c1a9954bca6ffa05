// E-mailed links and codes as GoTrue offers them: each message carries a link token (what the link
// holds, {{ .TokenHash }}) and a 6-digit code ({{ .Token }}); either proves the person read it.
// Unlike GoTrue, whose token hash is SHA-224(e-mail + code) and so as guessable as the code, the
// link token here is 224 random bits, and the code is checked per account: after
// `emailCodeAttempts` wrong tries it stops working (the link itself still works). The account row
// keeps only a SHA-256 digest of the link token, and local_auth.email_codes an HMAC of the code,
// so a copy of the database cannot be used to take over an account. Sending a new message voids
// the previous one of the same slot; a link or code works once. When a link was sent and whether it
// is still fresh are read on the backend's clock (test-clock.ts), so a test can outlive a link at once.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { Transaction } from '../db.ts'
import { now } from '../test-clock.ts'
import { AuthError, tooManyRequests } from './errors.ts'
import { findUserById, isBanned, type UserRow } from './users.ts'

/** What an e-mailed link or code does; `reauthentication` is the nonce of a password change. */
export type LinkKind = 'invite' | 'recovery' | 'signup' | 'magiclink' | 'email_change_current' | 'email_change_new' | 'reauthentication'

/** The auth.users columns a kind's token lives in, as GoTrue keeps them (a magic link shares recovery's). */
const SLOTS: Record<LinkKind, { token: string; sentAt: string }> = {
  recovery: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  magiclink: { token: 'recovery_token', sentAt: 'recovery_sent_at' },
  invite: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  signup: { token: 'confirmation_token', sentAt: 'confirmation_sent_at' },
  email_change_current: { token: 'email_change_token_current', sentAt: 'email_change_sent_at' },
  email_change_new: { token: 'email_change_token_new', sentAt: 'email_change_sent_at' },
  reauthentication: { token: 'reauthentication_token', sentAt: 'reauthentication_sent_at' },
}

export interface IssuedLink {
  /** The code typed in ({{ .Token }}). */
  otp: string
  /** What the link carries ({{ .TokenHash }}). */
  tokenHash: string
}

export interface CodeCheck {
  /** Key of the HMAC over codes (the project's JWT secret). */
  secret: string
  /** Wrong tries after which the code stops working. */
  maxAttempts: number
  ttlSeconds: number
}

function digest(tokenHash: string): string {
  return createHash('sha256').update(tokenHash).digest('hex')
}

function codeHmac(secret: string, userId: string, slot: string, code: string): string {
  return createHmac('sha256', secret).update(`${userId}:${slot}:${code}`).digest('hex')
}

export async function issueLink(tx: Transaction, user: UserRow, kind: LinkKind, secret: string): Promise<IssuedLink> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const tokenHash = randomBytes(28).toString('hex')
  const slot = SLOTS[kind]
  await tx.query(`update auth.users set ${slot.token} = $2, ${slot.sentAt} = $3 where id = $1`, [user.id, digest(tokenHash), new Date(now()).toISOString()])
  if (kind === 'invite') await tx.query('update auth.users set invited_at = coalesce(invited_at, now()) where id = $1', [user.id])
  await tx.query(
    `insert into local_auth.email_codes (user_id, slot, code_hmac, failed_attempts) values ($1, $2, $3, 0)
     on conflict (user_id, slot) do update set code_hmac = excluded.code_hmac, failed_attempts = 0`,
    [user.id, slot.token, codeHmac(secret, user.id, slot.token, otp)],
  )
  return { otp, tokenHash }
}

export const LINK_INVALID = (): AuthError => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
/** GoTrue's answer to a wrong or stale e-mailed code (a link's token has the message above). */
export const CODE_INVALID = (): AuthError => new AuthError(403, 'otp_expired', 'Token has expired or is invalid')

/**
 * GoTrue's SMTP_MAX_FREQUENCY: a 429 while the account's last e-mail of this kind's slot is less
 * than `seconds` old.
 */
export async function assertCanResend(tx: Transaction, userId: string, kind: LinkKind, seconds: number): Promise<void> {
  const { rows } = await tx.query<{ wait_s: number }>(
    `select coalesce(ceil(extract(epoch from ${SLOTS[kind].sentAt} + make_interval(secs => $2) - $3::timestamptz)), 0)::int as wait_s
     from auth.users where id = $1`,
    [userId, seconds, new Date(now()).toISOString()],
  )
  const waitS = rows[0]?.wait_s ?? 0
  if (waitS > 0) throw tooManyRequests('over_email_send_rate_limit', `For security purposes, you can only request this after ${waitS} seconds.`, waitS * 1000)
}

async function spend(tx: Transaction, userId: string, kind: LinkKind): Promise<void> {
  const slot = SLOTS[kind]
  await tx.query(`update auth.users set ${slot.token} = '', updated_at = now() where id = $1`, [userId])
  await tx.query('delete from local_auth.email_codes where user_id = $1 and slot = $2', [userId, slot.token])
}

/** The account whose live `kind` link carries `tokenHash`; the link is spent. */
export async function consumeLinkToken(tx: Transaction, kind: LinkKind, tokenHash: string, ttlSeconds: number): Promise<UserRow> {
  const slot = SLOTS[kind]
  const { rows } = await tx.query<{ id: string; fresh: boolean }>(
    `select id, ${slot.sentAt} > $3::timestamptz - make_interval(secs => $2) as fresh
     from auth.users where ${slot.token} = $1 and ${slot.token} <> '' and deleted_at is null`,
    [digest(tokenHash), ttlSeconds, new Date(now()).toISOString()],
  )
  const found = rows[0]
  const user = found ? await findUserById(tx, found.id) : null
  if (!found || !user) throw LINK_INVALID()
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
  if (!found.fresh) throw LINK_INVALID()
  await spend(tx, user.id, kind)
  return user
}

/**
 * Checks `user`'s e-mailed `kind` code. A wrong one is counted (and the code voided at the limit)
 * and returned as an error rather than thrown, so the count commits; a right one is spent.
 */
export async function consumeCode(tx: Transaction, user: UserRow, kind: LinkKind, code: string, check: CodeCheck): Promise<AuthError | null> {
  const slot = SLOTS[kind]
  const { rows } = await tx.query<{ code_hmac: string; failed_attempts: number; fresh: boolean }>(
    `select c.code_hmac, c.failed_attempts, u.${slot.sentAt} > $4::timestamptz - make_interval(secs => $3) as fresh
     from local_auth.email_codes c join auth.users u on u.id = c.user_id
     where c.user_id = $1 and c.slot = $2 and u.${slot.token} <> ''`,
    [user.id, slot.token, check.ttlSeconds, new Date(now()).toISOString()],
  )
  const stored = rows[0]
  if (!stored || !stored.fresh || stored.failed_attempts >= check.maxAttempts) return CODE_INVALID()
  const presented = Buffer.from(codeHmac(check.secret, user.id, slot.token, code), 'hex')
  if (!timingSafeEqual(presented, Buffer.from(stored.code_hmac, 'hex'))) {
    await tx.query('update local_auth.email_codes set failed_attempts = failed_attempts + 1 where user_id = $1 and slot = $2', [user.id, slot.token])
    return CODE_INVALID()
  }
  if (isBanned(user)) return new AuthError(403, 'user_banned', 'User is banned')
  await spend(tx, user.id, kind)
  return null
}

/** A spent link or code of these kinds proves the address: it is confirmed. */
export async function confirmEmail(tx: Transaction, userId: string): Promise<UserRow | null> {
  await tx.query('update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1', [userId])
  return findUserById(tx, userId)
}
