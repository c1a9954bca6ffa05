// Invitation and recovery links as GoTrue makes them: a 6-digit code, and a token hash
// (SHA-224 of e-mail and code) that the link carries; either proves the person read the e-mail.
// The account row keeps only a SHA-256 digest of the token hash, so a copy of the database cannot
// be used to take over an account, and sending a new link voids the previous one. A link works once.
import { createHash, randomInt } from 'node:crypto'
import type { Transaction } from '../db.ts'
import { AuthError } from './errors.ts'
import { findUserById, isBanned, normalizeEmail, type UserRow } from './users.ts'

export type LinkKind = 'invite' | 'recovery'

export interface IssuedLink {
  /** The code typed in ({{ .Token }}). */
  otp: string
  /** What the link carries ({{ .TokenHash }}). */
  tokenHash: string
}

/** GoTrue's GenerateTokenHash. */
export function tokenHashOf(email: string, otp: string): string {
  return createHash('sha224')
    .update(normalizeEmail(email) + otp)
    .digest('hex')
}

function stored(tokenHash: string): string {
  return createHash('sha256').update(tokenHash).digest('hex')
}

export async function issueLink(tx: Transaction, user: UserRow, kind: LinkKind): Promise<IssuedLink> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const tokenHash = tokenHashOf(user.email ?? '', otp)
  if (kind === 'recovery') {
    await tx.query('update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1', [user.id, stored(tokenHash)])
  } else {
    await tx.query('update auth.users set confirmation_token = $2, confirmation_sent_at = now(), invited_at = coalesce(invited_at, now()) where id = $1', [
      user.id,
      stored(tokenHash),
    ])
  }
  return { otp, tokenHash }
}

const LINK_INVALID = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')

/**
 * Spends a link: the account it belongs to, its token cleared (so it never works again) and its
 * address confirmed. A link older than `ttlSeconds`, already used or replaced is refused alike.
 */
export async function consumeLink(tx: Transaction, kind: LinkKind, tokenHash: string, ttlSeconds: number): Promise<UserRow> {
  const column = kind === 'recovery' ? 'recovery' : 'confirmation'
  const { rows } = await tx.query<{ id: string; fresh: boolean }>(
    `select id, ${column}_sent_at > now() - make_interval(secs => $2) as fresh
     from auth.users where ${column}_token = $1 and deleted_at is null`,
    [stored(tokenHash), ttlSeconds],
  )
  const found = rows[0]
  if (!found) throw LINK_INVALID()
  const user = await findUserById(tx, found.id)
  if (!user) throw LINK_INVALID()
  if (isBanned(user)) throw new AuthError(403, 'user_banned', 'User is banned')
  if (!found.fresh) throw LINK_INVALID()
  await tx.query(`update auth.users set ${column}_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`, [
    user.id,
  ])
  return (await findUserById(tx, user.id)) ?? user
}
