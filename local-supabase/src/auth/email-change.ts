// A change of address by e-mailed link, as GoTrue does it: the new address gets a link (and code),
// and with double confirmation (Supabase's default, `[auth.email] double_confirm_changes`) the
// current address gets one too; the address moves once every link sent has been followed. Until
// then the account keeps its address and shows the waiting one as `new_email`.
import type { Context } from 'hono'
import type { Transaction } from '../db.ts'
import { renderAuthMail } from '../mail/templates.ts'
import { recordAudit } from './audit.ts'
import { AuthError } from './errors.ts'
import type { AuthKit } from './kit.ts'
import { assertCanResend, issueLink, type IssuedLink, type LinkKind } from './links.ts'
import { emailTaken, findUserById, normalizeEmail, type UserRow } from './users.ts'

/** GoTrue's answer to the first of two links followed. */
export const SINGLE_CONFIRMATION_ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

export const emailExists = (): AuthError => new AuthError(422, 'email_exists', 'A user with this email address has already been registered')

/** Refuses an address another account holds (a removed account's address stays reserved). */
export async function assertAddressFree(tx: Transaction, user: UserRow, email: string): Promise<void> {
  if (normalizeEmail(email) !== normalizeEmail(user.email ?? '') && (await emailTaken(tx, email))) throw emailExists()
}

export interface EmailChangeLinks {
  /** For the current address; null without double confirmation (or an account with no address). */
  current: IssuedLink | null
  next: IssuedLink
}

/**
 * Starts moving `user` to `newEmail`: the links to send, or a 429 within `resendAfterSeconds` of the
 * last ones (GoTrue's SMTP_MAX_FREQUENCY).
 * Any earlier change waiting is replaced (its links stop working).
 */
export async function startEmailChange(
  tx: Transaction,
  user: UserRow,
  newEmail: string,
  secret: string,
  doubleConfirm: boolean,
  resendAfterSeconds: number,
): Promise<EmailChangeLinks> {
  await assertCanResend(tx, user.id, 'email_change_new', resendAfterSeconds)
  await prepareEmailChange(tx, user, newEmail)
  const next = await issueLink(tx, user, 'email_change_new', secret)
  const current = doubleConfirm && user.email ? await issueLink(tx, user, 'email_change_current', secret) : null
  return { current, next }
}

/** Records the waiting address with no link of it followed yet, and voids any earlier change's links. */
export async function prepareEmailChange(tx: Transaction, user: UserRow, newEmail: string): Promise<void> {
  await tx.query(
    `update auth.users set email_change = $2, email_change_confirm_status = 0, email_change_token_current = '',
       email_change_token_new = '', updated_at = now() where id = $1`,
    [user.id, normalizeEmail(newEmail)],
  )
  await tx.query(`delete from local_auth.email_codes where user_id = $1 and slot in ('email_change_token_current', 'email_change_token_new')`, [user.id])
}

/**
 * After one of the change's links or codes was spent: null while the other address's link is still
 * to be followed (double confirmation), else the account with its new address, confirmed.
 */
export async function followEmailChange(tx: Transaction, user: UserRow, doubleConfirm: boolean): Promise<UserRow | null> {
  const { rows } = await tx.query<{ email_change: string; status: number; waiting: boolean }>(
    `select email_change, email_change_confirm_status as status,
            (email_change_token_current <> '' or email_change_token_new <> '') as waiting
     from auth.users where id = $1`,
    [user.id],
  )
  const state = rows[0]
  if (!state || !state.email_change) throw new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')
  if (doubleConfirm && state.status === 0 && state.waiting) {
    await tx.query('update auth.users set email_change_confirm_status = 1, updated_at = now() where id = $1', [user.id])
    return null
  }
  // Someone may have taken the address since the change began.
  await assertAddressFree(tx, user, state.email_change)
  await tx.query(
    `update auth.users set email = email_change, email_change = '', email_change_confirm_status = 0,
       email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
       email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [user.id],
  )
  const changed = await findUserById(tx, user.id)
  if (!changed) throw new AuthError(404, 'user_not_found', 'User not found')
  await recordAudit(tx, changed, 'user_modified')
  return changed
}

/** The link kinds of an e-mail change, as /verify spends them. */
export const EMAIL_CHANGE_KINDS: LinkKind[] = ['email_change_current', 'email_change_new']

/** The `/verify` link of one of the change's messages (GoTrue's type is `email_change` for both). */
export function emailChangeLink(kit: AuthKit, c: Context, link: IssuedLink, redirectTo: string): string {
  return `${kit.apiUrl(c)}/verify?token=${link.tokenHash}&type=email_change&redirect_to=${encodeURIComponent(redirectTo)}`
}

/** GoTrue's email_change template to the new address, and to the current one when it has a link. */
export async function sendEmailChangeMails(kit: AuthKit, c: Context, from: string, to: string, links: EmailChangeLinks, redirectTo: string): Promise<void> {
  const messages: [string, IssuedLink][] = [[to, links.next]]
  if (links.current) messages.push([from, links.current])
  for (const [address, link] of messages) {
    const mail = await renderAuthMail('email_change', {
      ConfirmationURL: emailChangeLink(kit, c, link, redirectTo),
      Email: from,
      NewEmail: to,
      SiteURL: kit.config.siteUrl,
      Token: link.otp,
      TokenHash: link.tokenHash,
      RedirectTo: redirectTo,
    })
    await kit.mailer.send({ to: address, ...mail })
  }
}
