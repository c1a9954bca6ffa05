// GoTrue's e-mail link endpoints: /recover (forgot password), /invite and /admin/generate_link
// (service role), and /verify, which spends a link and signs the person in (POST answers with the
// session; GET, the link in the e-mail, redirects with the session in the URL fragment).
import { setTimeout as sleep } from 'node:timers/promises'
import type { Context, Hono } from 'hono'
import { renderAuthMail, type TemplateKind } from '../mail/templates.ts'
import { recordAudit, SERVICE_ROLE_ACTOR } from './audit.ts'
import { AuthError, tooManyRequests } from './errors.ts'
import { requireAdmin } from './guard.ts'
import { grantFor, type AuthKit, type Grant } from './kit.ts'
import { consumeLink, issueLink, tokenHashOf, type IssuedLink, type LinkKind } from './links.ts'
import { RequestLimiter, SignInLimiter } from './rate-limit.ts'
import { optionalObject, optionalString, readJson, type Json } from './request.ts'
import { startSession } from './sessions.ts'
import { emailTaken, findUserByEmail, insertUser, isValidEmail, normalizeEmail, userJson, type UserRow } from './users.ts'

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** GoTrue's redirect allow list: the site itself and, for development, any loopback origin. */
function allowedRedirect(siteUrl: string, raw: string): string {
  if (raw === '') return siteUrl
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return siteUrl
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return siteUrl
  return url.origin === new URL(siteUrl).origin || LOOPBACK_HOSTS.has(url.hostname) ? url.toString() : siteUrl
}

function validEmail(raw: string, missing: string): string {
  if (raw.trim() === '') throw new AuthError(400, 'validation_failed', missing)
  const email = normalizeEmail(raw)
  if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  return email
}

function linkKind(raw: string): LinkKind {
  if (raw === 'invite' || raw === 'recovery') return raw
  throw new AuthError(400, 'validation_failed', 'Unsupported verification type')
}

export function registerLinkRoutes(routes: Hono, kit: AuthKit): void {
  const { deps, config } = kit
  // A flood of recovery requests is throttled like password guessing, keyed by address and client alike.
  const recoverLimiter = new SignInLimiter(config.rateLimit)
  // GoTrue's /verify limit (30 per 5 minutes per client): six-digit codes cannot be enumerated.
  const verifyLimiter = new RequestLimiter(30, 5 * 60_000)

  const actionLink = (c: Context, kind: LinkKind, link: IssuedLink, redirectTo: string) =>
    `${kit.apiUrl(c)}/verify?token=${link.tokenHash}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo)}`

  async function sendLinkMail(c: Context, kind: TemplateKind, email: string, link: IssuedLink, redirectTo: string): Promise<void> {
    const mail = await renderAuthMail(kind, {
      ConfirmationURL: actionLink(c, kind, link, redirectTo),
      Email: email,
      SiteURL: config.siteUrl,
      Token: link.otp,
      TokenHash: link.tokenHash,
      RedirectTo: redirectTo,
    })
    await kit.mailer.send({ to: email, ...mail })
  }

  const refusePkce = (body: Json) => {
    if (optionalString(body, 'code_challenge') !== '') {
      throw new AuthError(400, 'validation_failed', 'This backend supports the implicit flow only: create the client without flowType "pkce"')
    }
  }

  routes.post('/recover', async (c) => {
    const body = await readJson(c)
    refusePkce(body)
    const email = validEmail(optionalString(body, 'email'), 'Password recovery requires an email')
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to') ?? '')
    const client = await kit.clientOf(c)
    const admission = recoverLimiter.begin(email, client.ip ?? 'unknown')
    if (!admission.allowed) {
      throw tooManyRequests('over_email_send_rate_limit', 'For security purposes, you can only request this after a while.', admission.retryAfterMs)
    }
    if (admission.delayMs > 0) await sleep(admission.delayMs)
    const issued = await deps.db.asSystem(async (tx) => {
      const user = await findUserByEmail(tx, email)
      if (!user) return null
      await recordAudit(tx, user, 'user_recovery_requested')
      return issueLink(tx, user, 'recovery')
    })
    // Sent after answering, so the answer takes as long for an unknown address as for a known one.
    if (issued) {
      sendLinkMail(c, 'recovery', email, issued, redirectTo).catch((error: unknown) => console.error('Sending a recovery e-mail failed:', error))
    }
    // The same answer whether or not the address has an account.
    return c.json({})
  })

  /** Spends a link and starts the person's session (GoTrue: amr "otp"). */
  async function verifyLink(c: Context, kind: LinkKind, tokenHash: string): Promise<Grant> {
    const client = await kit.clientOf(c)
    const waitMs = verifyLimiter.take(client.ip ?? 'unknown')
    if (waitMs > 0) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', waitMs)
    return deps.db.asSystem(async (tx) => {
      const user = await consumeLink(tx, kind, tokenHash, config.linkTtlSeconds)
      if (kind === 'invite') await recordAudit(tx, user, 'user_signedup', { provider: 'email' })
      else await recordAudit(tx, user, 'login')
      return grantFor(tx, user, await startSession(tx, user.id, client, 'otp'))
    })
  }

  routes.post('/verify', async (c) => {
    const body = await readJson(c)
    const kind = linkKind(optionalString(body, 'type'))
    const token = optionalString(body, 'token')
    let tokenHash = optionalString(body, 'token_hash')
    if ((token === '') === (tokenHash === '')) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash')
    if (token !== '') tokenHash = tokenHashOf(validEmail(optionalString(body, 'email'), 'Invalid email format'), token)
    return kit.sessionResponse(c, await verifyLink(c, kind, tokenHash))
  })

  // The link in the e-mail: opened by a browser, so it needs no API key (as behind Supabase's gateway).
  routes.get('/verify', async (c) => {
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to') ?? '')
    const target = new URL(redirectTo)
    const type = c.req.query('type') ?? ''
    const token = c.req.query('token') ?? ''
    try {
      if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash')
      const kind = linkKind(type)
      const grant = await verifyLink(c, kind, token)
      const answer = (await (await kit.sessionResponse(c, grant)).json()) as Record<string, unknown>
      const fragment = new URLSearchParams({
        access_token: String(answer.access_token),
        expires_at: String(answer.expires_at),
        expires_in: String(answer.expires_in),
        refresh_token: String(answer.refresh_token),
        token_type: 'bearer',
        type: kind,
      })
      target.hash = fragment.toString()
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
  })

  /** An invited account: created without a password, or an earlier invitation not yet accepted. */
  async function invitee(email: string, data: Json | undefined): Promise<UserRow> {
    return deps.db.asSystem(async (tx) => {
      const existing = await findUserByEmail(tx, email)
      if (existing?.email_confirmed_at) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      }
      if (existing) return existing
      if (await emailTaken(tx, email)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      return insertUser(tx, { email, passwordHash: null, confirmed: false, userMetadata: data })
    })
  }

  routes.post('/invite', async (c) => {
    await requireAdmin(c, deps)
    const body = await readJson(c)
    const email = validEmail(optionalString(body, 'email'), 'An email address is required')
    const data = optionalObject(body, 'data')
    const redirectTo = allowedRedirect(config.siteUrl, c.req.query('redirect_to') ?? '')
    const created = await invitee(email, data)
    const { user, link } = await deps.db.asSystem(async (tx) => {
      await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_invited', { user_id: created.id, user_email: email })
      const issued = await issueLink(tx, created, 'invite')
      return { user: (await findUserByEmail(tx, email)) ?? created, link: issued }
    })
    try {
      await sendLinkMail(c, 'invite', email, link, redirectTo)
    } catch (error) {
      console.error('Sending an invitation e-mail failed:', error)
      throw new AuthError(500, 'unexpected_failure', 'Error sending invite email')
    }
    return c.json(userJson(user))
  })

  routes.post('/admin/generate_link', async (c) => {
    await requireAdmin(c, deps)
    const body = await readJson(c)
    const kind = optionalString(body, 'type')
    if (kind !== 'invite' && kind !== 'recovery') {
      throw new AuthError(400, 'validation_failed', 'This backend generates invite and recovery links only')
    }
    const email = validEmail(optionalString(body, 'email'), 'An email address is required')
    const redirectTo = allowedRedirect(config.siteUrl, optionalString(body, 'redirect_to') || (c.req.query('redirect_to') ?? ''))
    const subject = kind === 'invite' ? await invitee(email, optionalObject(body, 'data')) : await deps.db.asSystem((tx) => findUserByEmail(tx, email))
    if (!subject) throw new AuthError(404, 'user_not_found', 'User with this email not found')
    const { user, link } = await deps.db.asSystem(async (tx) => {
      if (kind === 'invite') await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_invited', { user_id: subject.id, user_email: email })
      else await recordAudit(tx, subject, 'user_recovery_requested')
      const issued = await issueLink(tx, subject, kind)
      return { user: (await findUserByEmail(tx, email)) ?? subject, link: issued }
    })
    return c.json({
      ...userJson(user),
      action_link: actionLink(c, kind, link, redirectTo),
      email_otp: link.otp,
      hashed_token: link.tokenHash,
      verification_type: kind,
      redirect_to: redirectTo,
    })
  })
}
