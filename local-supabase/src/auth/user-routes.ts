// The signed-in person's own endpoints: GET and PUT /user, GET /reauthenticate and POST /logout.
import type { Context } from 'hono'
import { renderAuthMail } from '../mail/templates.ts'
import { recordAudit } from './audit.ts'
import { assertAddressFree, sendEmailChangeMails, startEmailChange } from './email-change.ts'
import { AuthError } from './errors.ts'
import { requireUser } from './guard.ts'
import type { AuthKit } from './kit.ts'
import { assertCanResend, consumeCode, issueLink } from './links.ts'
import { factorsOf } from './mfa.ts'
import { verifyPassword } from './password.ts'
import { redirectTarget } from './redirects.ts'
import { optionalObject, optionalString, readJson } from './request.ts'
import { endSessions, type LogoutScope, type SessionRow } from './sessions.ts'
import { applyChanges, newPasswordHash } from './user-updates.ts'
import { findUserById, normalizeEmail, userJson, validatedEmail, type UserRow } from './users.ts'

export async function getUser(kit: AuthKit, c: Context): Promise<Response> {
  const { user } = await requireUser(c, kit.deps)
  return c.json(userJson(user, await kit.deps.db.asSystem((tx) => factorsOf(tx, user.id))))
}

/**
 * GoTrue's UserUpdate for this product: a new password (the end of a password recovery, or a change
 * on the Account screen), a new address (moved once its e-mailed links are followed:
 * email-change.ts) and user metadata. A new password ends the person's other sessions and lifts
 * every sign-in limit on it. Once the person has a verified factor, a new password or address needs
 * a session that passed it (aal2), as in GoTrue.
 */
export async function updateUser(kit: AuthKit, c: Context): Promise<Response> {
  const { deps, config } = kit
  const { user, session } = await requireUser(c, deps)
  const body = await readJson(c)
  if (typeof body.phone === 'string' && body.phone !== '') {
    throw new AuthError(422, 'validation_failed', 'Changing phone is not supported by this backend')
  }
  const newEmail = optionalString(body, 'email') === '' ? '' : validatedEmail(optionalString(body, 'email'))
  const userMetadata = optionalObject(body, 'data')
  const passwordHash = await newPasswordHash(body, config.passwordMinLength)
  if (optionalObject(body, 'app_metadata')) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  const changesEmail = newEmail !== '' && newEmail !== user.email
  const factors = await deps.db.asSystem((tx) => factorsOf(tx, user.id))
  if (factors.some((f) => f.status === 'verified') && session?.aal !== 'aal2' && (passwordHash !== undefined || changesEmail)) {
    throw new AuthError(401, 'insufficient_aal', 'AAL2 session is required to update email or password when MFA is enabled.')
  }
  if (changesEmail) await deps.db.asSystem((tx) => assertAddressFree(tx, user, newEmail))
  if (passwordHash !== undefined) await checkReauthentication(kit, user, session, optionalString(body, 'nonce'))
  if (passwordHash !== undefined && (await verifyPassword(body.password as string, user.encrypted_password))) {
    throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
  }
  const updated = await deps.db.asSystem(async (tx) => {
    const row = await applyChanges(tx, user, { passwordHash, confirmEmail: false, userMetadata })
    if (!row) return null
    if (passwordHash !== undefined) {
      await endSessions(tx, user.id, session?.id ?? null, 'others')
      await recordAudit(tx, row, 'user_updated_password')
    } else {
      await recordAudit(tx, row, 'user_modified')
    }
    // A new address waits for its link (and the current address's, with double confirmation).
    const emailLinks = changesEmail
      ? await startEmailChange(tx, row, newEmail, kit.codeCheck().secret, config.doubleConfirmEmailChanges, config.emailMaxFrequencySeconds)
      : null
    return { row: emailLinks ? ((await findUserById(tx, user.id)) ?? row) : row, factors: await factorsOf(tx, user.id), emailLinks }
  })
  if (!updated) throw new AuthError(404, 'user_not_found', 'User not found')
  if (passwordHash !== undefined && updated.row.email) kit.limits.signIn.clearAccount(normalizeEmail(updated.row.email))
  if (updated.emailLinks) {
    const redirectTo = redirectTarget(config, c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'))
    await sendEmailChangeMails(kit, c, user.email ?? '', newEmail, updated.emailLinks, redirectTo)
  }
  return c.json(userJson(updated.row, updated.factors))
}

/**
 * GoTrue's secure password change: a session signed in longer ago than the window must prove the
 * person again with the nonce GET /reauthenticate e-mailed. Wrong nonces count like wrong codes.
 */
async function checkReauthentication(kit: AuthKit, user: UserRow, session: SessionRow | null, nonce: string): Promise<void> {
  const { config } = kit
  if (!config.securePasswordChange) return
  const recent = session !== null && Date.now() - session.created_at.getTime() < config.reauthenticationAfterSeconds * 1000
  if (recent) return
  if (nonce === '') throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication')
  const failure = await kit.deps.db.asSystem((tx) => consumeCode(tx, user, 'reauthentication', nonce.trim(), kit.codeCheck()))
  if (failure) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
}

/**
 * GoTrue's reauthentication: e-mails the signed-in person a code to send as `nonce` with a new
 * password (see PUT /user). At most one such e-mail per `[auth.email] max_frequency` (GoTrue's
 * SMTP_MAX_FREQUENCY, a minute by default).
 */
export async function reauthenticate(kit: AuthKit, c: Context): Promise<Response> {
  const { user } = await requireUser(c, kit.deps)
  if (!user.email) throw new AuthError(400, 'validation_failed', 'Reauthentication requires the user to have an email or a phone number')
  if (!user.email_confirmed_at) throw new AuthError(422, 'email_not_confirmed', 'Please verify your email first.')
  const email = user.email
  const issued = await kit.deps.db.asSystem(async (tx) => {
    await assertCanResend(tx, user.id, 'reauthentication', kit.config.emailMaxFrequencySeconds)
    await recordAudit(tx, user, 'user_reauthenticate_requested')
    return issueLink(tx, user, 'reauthentication', kit.codeCheck().secret)
  })
  const mail = await renderAuthMail('reauthentication', {
    ConfirmationURL: '',
    Email: email,
    SiteURL: kit.config.siteUrl,
    Token: issued.otp,
    TokenHash: issued.tokenHash,
    RedirectTo: '',
  })
  await kit.mailer.send({ to: email, ...mail })
  return c.json({})
}

export async function logout(kit: AuthKit, c: Context): Promise<Response> {
  const raw = c.req.query('scope') ?? ''
  const scope: LogoutScope | null = raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : null
  if (!scope) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${raw.slice(0, 40)}"`)
  const { user, session } = await requireUser(c, kit.deps)
  await kit.deps.db.asSystem(async (tx) => {
    await endSessions(tx, user.id, session?.id ?? null, scope)
    await recordAudit(tx, user, 'logout')
  })
  return c.body(null, 204)
}
