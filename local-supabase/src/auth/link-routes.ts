// GoTrue's e-mail link endpoints: /recover (forgot password), /resend, /invite and
// /admin/generate_link (secret key), and /verify, which spends a link and signs the person in (POST
// answers with the session; GET, the link in the e-mail, redirects with the session in the URL
// fragment).
import { randomBytes } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Context } from 'hono'
import type { Transaction } from '../db.ts'
import { renderAuthMail, type TemplateKind } from '../mail/templates.ts'
import { recordAudit, SERVICE_ROLE_ACTOR } from './audit.ts'
import { AuthError, tooManyRequests } from './errors.ts'
import { requireAdmin } from './guard.ts'
import { grantFor, type AuthKit, type Grant } from './kit.ts'
import {
  assertAddressFree,
  EMAIL_CHANGE_KINDS,
  emailChangeLink,
  followEmailChange,
  prepareEmailChange,
  sendEmailChangeMails,
  SINGLE_CONFIRMATION_ACCEPTED,
  startEmailChange,
} from './email-change.ts'
import { CODE_INVALID, confirmEmail, consumeCode, consumeLinkToken, issueLink, LINK_INVALID, type IssuedLink, type LinkKind } from './links.ts'
import { landingPage, redirectTarget } from './redirects.ts'
import { checkPassword, hashPassword } from './password.ts'
import { optionalObject, optionalString, readJson, type Json } from './request.ts'
import { startSession } from './sessions.ts'
import { emailTaken, findUserByEmail, findUserById, insertUser, normalizeEmail, userJson, validatedEmail, type UserRow } from './users.ts'

/** The link kinds /verify takes (GoTrue's verification types; `email` is a sign-up or magic link). */
type VerifyType = 'invite' | 'recovery' | 'signup' | 'magiclink' | 'email' | 'email_change'

function verifyType(raw: string): VerifyType {
  if (raw === 'invite' || raw === 'recovery' || raw === 'signup' || raw === 'magiclink' || raw === 'email' || raw === 'email_change') return raw
  throw new AuthError(400, 'validation_failed', 'Unsupported verification type')
}

/** The token slots a verification type may spend, in the order GoTrue tries them. */
function kindsOf(type: VerifyType): LinkKind[] {
  if (type === 'email') return ['signup', 'magiclink']
  if (type === 'email_change') return EMAIL_CHANGE_KINDS
  return [type]
}

/** What following a link or code did: signed the person in, or (an e-mail change) waits for the other address's link. */
type Followed = { grant: Grant } | { waiting: true }

/** Where a link of this kind lands: recovery only on its page; an invitation, or the confirmation
 * /resend can send an invited person, only on the welcome page. */
export function landingFor(config: AuthKit['config'], kind: LinkKind | null, raw: string): string {
  if (kind === 'recovery') return landingPage(config, 'recovery', raw)
  if (kind === 'invite' || kind === 'signup') return landingPage(config, 'invite', raw)
  return redirectTarget(config, raw)
}

/** The template each kind of e-mail uses (config.toml's names). */
const TEMPLATES: Record<LinkKind, TemplateKind> = {
  invite: 'invite',
  recovery: 'recovery',
  signup: 'confirmation',
  magiclink: 'magic_link',
  email_change_current: 'email_change',
  email_change_new: 'email_change',
  reauthentication: 'reauthentication',
}

const actionLink = (kit: AuthKit, c: Context, kind: LinkKind, link: IssuedLink, redirectTo: string) =>
  `${kit.apiUrl(c)}/verify?token=${link.tokenHash}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo)}`

export async function sendLinkMail(kit: AuthKit, c: Context, kind: LinkKind, email: string, link: IssuedLink, redirectTo: string): Promise<void> {
  const mail = await renderAuthMail(TEMPLATES[kind], {
    ConfirmationURL: actionLink(kit, c, kind, link, redirectTo),
    Email: email,
    SiteURL: kit.config.siteUrl,
    Token: link.otp,
    TokenHash: link.tokenHash,
    RedirectTo: redirectTo,
  })
  await kit.mailer.send({ to: email, ...mail })
}

export const refusePkce = (body: Json): void => {
  if (optionalString(body, 'code_challenge') !== '') {
    throw new AuthError(400, 'validation_failed', 'This backend supports the implicit flow only: create the client without flowType "pkce"')
  }
}

/**
 * The flood limit on e-mails to an address, by address and client, like password guessing: a 429
 * past the allowance, a growing delay past half of it. Applied before the address is looked up.
 */
export async function admitEmail(kit: AuthKit, c: Context, email: string): Promise<void> {
  const client = await kit.clientOf(c)
  const admission = kit.limits.emails.begin(email, client.ip ?? 'unknown')
  if (!admission.allowed) {
    throw tooManyRequests('over_email_send_rate_limit', 'For security purposes, you can only request this after a while.', admission.retryAfterMs)
  }
  if (admission.delayMs > 0) await sleep(admission.delayMs)
}

export async function recover(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  const body = await readJson(c)
  refusePkce(body)
  if (optionalString(body, 'email').trim() === '') throw new AuthError(400, 'validation_failed', 'Password recovery requires an email')
  const email = validatedEmail(optionalString(body, 'email'))
  const redirectTo = landingFor(config, 'recovery', c.req.query('redirect_to') ?? '')
  await admitEmail(kit, c, email)
  const issued = await deps.db.asSystem(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user) return null
    await recordAudit(tx, user, 'user_recovery_requested')
    return issueLink(tx, user, 'recovery', kit.codeCheck().secret)
  })
  // Sent after answering, so the answer takes as long for an unknown address as for a known one.
  if (issued) {
    sendLinkMail(kit, c, 'recovery', email, issued, redirectTo).catch((error: unknown) => console.error('Sending a recovery e-mail failed:', error))
  }
  // The same answer whether or not the address has an account.
  return c.json({})
}

/** The accounts an e-mailed code of this type may belong to: the address's own, or for an e-mail change also those moving to it. */
async function codeSubjects(tx: Transaction, type: VerifyType, email: string): Promise<{ user: UserRow; kinds: LinkKind[] }[]> {
  const owner = await findUserByEmail(tx, email)
  if (type !== 'email_change') return owner ? [{ user: owner, kinds: kindsOf(type) }] : []
  const subjects: { user: UserRow; kinds: LinkKind[] }[] = owner ? [{ user: owner, kinds: ['email_change_current'] }] : []
  const { rows } = await tx.query<{ id: string }>(`select id from auth.users where lower(email_change) = $1 and deleted_at is null`, [normalizeEmail(email)])
  for (const { id } of rows) {
    const user = await findUserById(tx, id)
    if (user) subjects.push({ user, kinds: ['email_change_new'] })
  }
  return subjects
}

/** The person a link token or an e-mailed code belongs to, with that link or code spent. */
async function spendLinkOrCode(kit: AuthKit, c: Context, type: VerifyType, proof: { tokenHash: string } | { email: string; code: string }): Promise<Followed> {
  const { deps, config } = kit
  const client = await kit.clientOf(c)
  const waitMs = kit.limits.verify.take(client.ip ?? 'unknown')
  if (waitMs > 0) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', waitMs)
  const outcome = await deps.db.asSystem(async (tx) => {
    let spent: { user: UserRow; kind: LinkKind } | null = null
    if ('tokenHash' in proof) {
      for (const kind of kindsOf(type)) {
        try {
          spent = { user: await consumeLinkToken(tx, kind, proof.tokenHash, config.linkTtlSeconds), kind }
          break
        } catch (error) {
          if (!(error instanceof AuthError) || error.errorCode !== 'otp_expired') throw error
        }
      }
      if (!spent) throw LINK_INVALID()
    } else {
      const subjects = await codeSubjects(tx, type, proof.email)
      if (subjects.length === 0) return CODE_INVALID()
      let failure: AuthError | null = CODE_INVALID()
      for (const subject of subjects) {
        for (const kind of subject.kinds) {
          failure = await consumeCode(tx, subject.user, kind, proof.code, kit.codeCheck())
          if (!failure) {
            spent = { user: subject.user, kind }
            break
          }
        }
        if (spent) break
      }
      // Returned, not thrown: the wrong try counted against the code must commit.
      if (!spent) return failure ?? CODE_INVALID()
    }
    if (EMAIL_CHANGE_KINDS.includes(spent.kind)) {
      const changed = await followEmailChange(tx, spent.user, config.doubleConfirmEmailChanges)
      if (!changed) return { waiting: true as const }
      return { grant: await grantFor(tx, changed, await startSession(tx, changed.id, client, 'otp')) }
    }
    const user = (await confirmEmail(tx, spent.user.id)) ?? spent.user
    if (spent.kind === 'invite' || spent.kind === 'signup') await recordAudit(tx, user, 'user_signedup', { provider: 'email' })
    else await recordAudit(tx, user, 'login')
    return { grant: await grantFor(tx, user, await startSession(tx, user.id, client, 'otp')) }
  })
  if (outcome instanceof AuthError) throw outcome
  return outcome
}

/** GoTrue's check of a phone number: E.164 once a leading + and spaces are dropped. */
function validatePhone(raw: string): void {
  if (!/^[1-9][0-9]{1,14}$/.test(raw.replace(/^\+/, '').replaceAll(' ', ''))) {
    throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)')
  }
}

/** What POST /verify was given, checked in GoTrue's order. */
function verifyProof(body: Json): { email: string; code: string } | { tokenHash: string } {
  if (optionalString(body, 'type') === '') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
  const token = optionalString(body, 'token')
  const tokenHash = optionalString(body, 'token_hash')
  if ((token === '') === (tokenHash === '')) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash')
  const email = optionalString(body, 'email')
  const phone = optionalString(body, 'phone')
  if (tokenHash !== '') {
    if (email !== '' || phone !== '') throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided')
    return { tokenHash }
  }
  if (phone !== '' && email === '') {
    validatePhone(phone)
    // Phone sign-in is off: no account has a phone, so no code sent to one is valid.
    throw CODE_INVALID()
  }
  if (email === '' || phone !== '') throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify')
  try {
    return { email: validatedEmail(email), code: token.trim() }
  } catch {
    throw new AuthError(422, 'validation_failed', 'Invalid email format')
  }
}

export async function verifyPost(kit: AuthKit, c: Context): Promise<Response> {
  const body = await readJson(c)
  const proof = verifyProof(body)
  const type = verifyType(optionalString(body, 'type'))
  const followed = await spendLinkOrCode(kit, c, type, proof)
  if ('waiting' in followed) return c.json({ msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' })
  return kit.sessionResponse(c, followed.grant)
}

// The link in the e-mail: opened by a browser, so it needs no API key (as behind Supabase's gateway).
export async function verifyLink(kit: AuthKit, c: Context): Promise<Response> {
  const rawType = c.req.query('type') ?? ''
  const known = rawType === 'invite' || rawType === 'recovery' || rawType === 'signup' || rawType === 'magiclink' ? rawType : null
  const target = new URL(landingFor(kit.config, known, c.req.query('redirect_to') ?? ''))
  const token = c.req.query('token') ?? ''
  try {
    if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash')
    const type = verifyType(rawType)
    const followed = await spendLinkOrCode(kit, c, type, { tokenHash: token })
    if ('waiting' in followed) {
      target.hash = new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED }).toString()
    } else {
      const answer = (await (await kit.sessionResponse(c, followed.grant)).json()) as Record<string, unknown>
      const fragment = new URLSearchParams({
        access_token: String(answer.access_token),
        expires_at: String(answer.expires_at),
        expires_in: String(answer.expires_in),
        refresh_token: String(answer.refresh_token),
        token_type: 'bearer',
        type,
      })
      target.hash = fragment.toString()
    }
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    // GoTrue's error redirect: the reason in the fragment, for the page to show.
    const fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : error.status === 429 ? 'too_many_requests' : 'invalid_request',
      error_code: error.errorCode,
      error_description: error.message,
      sb: '',
    })
    target.hash = fragment.toString()
  }
  c.header('Cache-Control', 'no-store')
  return c.redirect(target.toString(), 303)
}

/** An invited account: created without a password, or an earlier invitation not yet accepted. */
async function invitee(kit: AuthKit, email: string, data: Json | undefined): Promise<UserRow> {
  return kit.deps.db.asSystem(async (tx) => {
    const existing = await findUserByEmail(tx, email)
    if (existing?.email_confirmed_at) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    if (existing) return existing
    if (await emailTaken(tx, email)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    return insertUser(tx, { email, passwordHash: null, confirmed: false, userMetadata: data })
  })
}

export async function invite(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  await requireAdmin(c, deps)
  const body = await readJson(c)
  const email = validatedEmail(optionalString(body, 'email'))
  const data = optionalObject(body, 'data')
  const redirectTo = landingFor(config, 'invite', c.req.query('redirect_to') ?? '')
  const created = await invitee(kit, email, data)
  const { user, link } = await deps.db.asSystem(async (tx) => {
    await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_invited', { user_id: created.id, user_email: email })
    const issued = await issueLink(tx, created, 'invite', kit.codeCheck().secret)
    return { user: (await findUserByEmail(tx, email)) ?? created, link: issued }
  })
  try {
    await sendLinkMail(kit, c, 'invite', email, link, redirectTo)
  } catch (error) {
    console.error('Sending an invitation e-mail failed:', error)
    throw new AuthError(500, 'unexpected_failure', 'Error sending invite email')
  }
  return c.json(userJson(user))
}

/** The account a sign-up link confirms: created unconfirmed with its password, or one not yet confirmed. */
async function signupSubject(kit: AuthKit, email: string, password: string, data: Json | undefined): Promise<UserRow> {
  if (password === '') throw new AuthError(422, 'validation_failed', 'Signup requires a valid password')
  const problem = checkPassword(password, kit.config.passwordMinLength)
  if (problem?.reason === 'length') throw new AuthError(422, 'weak_password', problem.message, { weak_password: { reasons: ['length'] } })
  if (problem) throw new AuthError(422, 'validation_failed', problem.message)
  const passwordHash = await hashPassword(password)
  return kit.deps.db.asSystem(async (tx) => {
    const existing = await findUserByEmail(tx, email)
    if (existing?.email_confirmed_at) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    if (existing) return existing
    if (await emailTaken(tx, email)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    return insertUser(tx, { email, passwordHash, confirmed: false, userMetadata: data })
  })
}

/** generate_link of an e-mail change: the link of one address, nothing sent. */
async function emailChangeLinkFor(kit: AuthKit, c: Context, body: Json, kind: 'email_change_current' | 'email_change_new'): Promise<Response> {
  const { deps, config } = kit
  if (kind === 'email_change_current' && !config.doubleConfirmEmailChanges) {
    throw new AuthError(400, 'validation_failed', 'Enable secure email change to generate link for current email')
  }
  const email = validatedEmail(optionalString(body, 'email'))
  const newEmail = validatedEmail(optionalString(body, 'new_email'))
  const redirectTo = redirectTarget(config, optionalString(body, 'redirect_to') || (c.req.query('redirect_to') ?? ''))
  const { user, link } = await deps.db.asSystem(async (tx) => {
    const subject = await findUserByEmail(tx, email)
    if (!subject) throw new AuthError(404, 'user_not_found', 'User with this email not found')
    await assertAddressFree(tx, subject, newEmail)
    // The other address's link of the same change stays: an admin generates both for a double confirmation.
    if (subject.email_change !== newEmail) await prepareEmailChange(tx, subject, newEmail)
    const issued = await issueLink(tx, subject, kind, kit.codeCheck().secret)
    return { user: (await findUserById(tx, subject.id)) ?? subject, link: issued }
  })
  return c.json({
    ...userJson(user),
    action_link: emailChangeLink(kit, c, link, redirectTo),
    email_otp: link.otp,
    hashed_token: link.tokenHash,
    verification_type: kind,
    redirect_to: redirectTo,
  })
}

export async function generateLink(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  await requireAdmin(c, deps)
  const body = await readJson(c)
  const requested = optionalString(body, 'type')
  if (requested === 'email_change_current' || requested === 'email_change_new') return emailChangeLinkFor(kit, c, body, requested)
  if (requested !== 'invite' && requested !== 'recovery' && requested !== 'signup' && requested !== 'magiclink') {
    throw new AuthError(400, 'validation_failed', `Invalid email action link type requested: ${requested.slice(0, 40)}`)
  }
  const email = validatedEmail(optionalString(body, 'email'))
  const data = optionalObject(body, 'data')
  const known = await deps.db.asSystem((tx) => findUserByEmail(tx, email))
  // GoTrue: a magic link for an unknown address signs the person up (with a random password).
  const kind: LinkKind = requested === 'magiclink' && !known ? 'signup' : requested
  const redirectTo = landingFor(config, kind, optionalString(body, 'redirect_to') || (c.req.query('redirect_to') ?? ''))
  let subject: UserRow | null
  if (kind === 'invite') subject = await invitee(kit, email, data)
  else if (kind === 'signup') {
    const password = requested === 'magiclink' ? randomBytes(32).toString('base64url') : optionalString(body, 'password')
    subject = await signupSubject(kit, email, password, data)
  } else subject = known
  if (!subject) throw new AuthError(404, 'user_not_found', 'User with this email not found')
  const target = subject
  const { user, link } = await deps.db.asSystem(async (tx) => {
    if (kind === 'invite') await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_invited', { user_id: target.id, user_email: email })
    else if (kind === 'recovery' || kind === 'magiclink') await recordAudit(tx, target, 'user_recovery_requested')
    const issued = await issueLink(tx, target, kind, kit.codeCheck().secret)
    return { user: (await findUserByEmail(tx, email)) ?? target, link: issued }
  })
  return c.json({
    ...userJson(user),
    action_link: actionLink(kit, c, kind, link, redirectTo),
    email_otp: link.otp,
    hashed_token: link.tokenHash,
    verification_type: kind,
    redirect_to: redirectTo,
  })
}

// GoTrue's /resend for e-mail: a new confirmation for an address not yet confirmed, or the
// e-mails of a waiting change of address (answered `{}` for any other, and for an unknown
// address). Flood-limited like /recover; phone is off.
export async function resend(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  const body = await readJson(c)
  refusePkce(body)
  const type = optionalString(body, 'type')
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
  }
  if (type === 'sms' || type === 'phone_change' || optionalString(body, 'phone') !== '') {
    throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled')
  }
  if (optionalString(body, 'email') === '') {
    throw new AuthError(400, 'validation_failed', type === 'signup' ? 'Type provided requires an email address' : 'Missing email address or phone number')
  }
  const email = validatedEmail(optionalString(body, 'email'))
  const redirectTo = landingFor(config, 'signup', c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'))
  await admitEmail(kit, c, email)
  if (type === 'email_change') {
    // The waiting change of the account at this (current) address, mailed again with new links.
    const resent = await deps.db.asSystem(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (!user?.email_change) return null
      const to = user.email_change
      return { to, links: await startEmailChange(tx, user, to, kit.codeCheck().secret, config.doubleConfirmEmailChanges, config.emailMaxFrequencySeconds) }
    })
    if (resent) {
      const redirectTo = redirectTarget(config, c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'))
      await sendEmailChangeMails(kit, c, email, resent.to, resent.links, redirectTo)
    }
    return c.json({})
  }
  const issued = await deps.db.asSystem(async (tx) => {
    const user = await findUserByEmail(tx, email)
    if (!user || user.email_confirmed_at) return null
    await recordAudit(tx, user, 'user_confirmation_requested')
    return issueLink(tx, user, 'signup', kit.codeCheck().secret)
  })
  if (issued) {
    sendLinkMail(kit, c, 'signup', email, issued, redirectTo).catch((error: unknown) => console.error('Sending a confirmation e-mail failed:', error))
  }
  return c.json({})
}
