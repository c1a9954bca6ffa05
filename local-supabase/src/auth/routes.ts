// /auth/v1: the part of GoTrue's HTTP API that supabase-js uses for this product (password sign-in,
// refresh, current user and its password, sign-out) plus the admin user endpoints that scripts and
// the back office call with the service-role key. Request and response shapes are GoTrue's, so the
// real client works unchanged.
import { setTimeout as sleep } from 'node:timers/promises'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { BackendDeps } from '../deps.ts'
import { createMailer } from '../mail/mailer.ts'
import { recordAudit, SERVICE_ROLE_ACTOR } from './audit.ts'
import { loadAuthConfig, type AuthConfig } from './config.ts'
import { AuthError, authErrorResponse, INVALID_CREDENTIALS, tooManyRequests } from './errors.ts'
import { requireAdmin, requireApiKey, requireUser } from './guard.ts'
import { assertAddressFree, sendEmailChangeMails, startEmailChange } from './email-change.ts'
import { createKit, grantFor } from './kit.ts'
import { registerLinkRoutes } from './link-routes.ts'
import { factorsByUser, factorsOf } from './mfa.ts'
import { registerMfaRoutes } from './mfa-routes.ts'
import { hashPassword, needsRehash, verifyPassword } from './password.ts'
import { SignInLimiter } from './rate-limit.ts'
import { now } from '../test-clock.ts'
import { optionalObject, optionalString, positiveInt, readJson, UUID, type Json } from './request.ts'
import { consumeCode } from './links.ts'
import { redirectTarget } from './redirects.ts'
import { endSessions, rotateRefreshToken, startSession, type LogoutScope, type SessionRow } from './sessions.ts'
import { adminChanges, applyChanges, newPasswordHash } from './user-updates.ts'
import {
  deleteUser,
  emailTaken,
  findUserByEmail,
  findUserById,
  insertUser,
  isBanned,
  isValidEmail,
  listUsers,
  normalizeEmail,
  recordSignIn,
  replacePasswordHash,
  userJson,
  validatedEmail,
  type UserRow,
} from './users.ts'

/** GoTrue's GET /settings for this product: e-mail + password only, sign-up off. */
function settingsBody(): Json {
  const providers = [
    'anonymous_users',
    'apple',
    'azure',
    'bitbucket',
    'discord',
    'facebook',
    'figma',
    'fly',
    'github',
    'gitlab',
    'google',
    'kakao',
    'keycloak',
    'linkedin',
    'linkedin_oidc',
    'notion',
    'slack',
    'slack_oidc',
    'spotify',
    'twitch',
    'twitter',
    'workos',
    'zoom',
    'phone',
  ]
  const external: Record<string, boolean> = { email: true }
  for (const name of providers) external[name] = false
  return {
    external,
    disable_signup: true,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }
}

export function createAuthRoutes(deps: BackendDeps, config: AuthConfig = loadAuthConfig()): Hono {
  const routes = new Hono()
  const limiter = new SignInLimiter(config.rateLimit, now)
  const kit = createKit(deps, config, createMailer({ dataDir: deps.config.dataDir, smtpUrl: config.mail.smtpUrl, from: config.mail.from }))
  const { clientOf, sessionResponse } = kit

  routes.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'))
  })
  const apiKey = requireApiKey(deps)
  // The link in an e-mail is opened by a browser without a key, as Supabase's gateway allows.
  routes.use((c, next) => (c.req.method === 'GET' && c.req.path.endsWith('/verify') ? next() : apiKey(c, next)))
  routes.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => authErrorResponse(c, new AuthError(413, 'validation_failed', 'Request body too large')),
    }),
  )

  async function passwordGrant(c: Context, body: Json): Promise<Response> {
    const email = typeof body.email === 'string' ? normalizeEmail(body.email).slice(0, 320) : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (email === '' && typeof body.phone === 'string' && body.phone !== '') {
      throw new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled')
    }
    if (email === '') throw new AuthError(400, 'validation_failed', 'missing email or phone')
    const client = await clientOf(c)
    const admission = limiter.begin(email, client.ip ?? 'unknown')
    if (!admission.allowed) throw tooManyRequests('over_request_rate_limit', 'Request rate limit reached', admission.retryAfterMs)
    if (admission.delayMs > 0) await sleep(admission.delayMs)

    // Looked up in one short transaction, verified outside it: the KDF must not hold PGlite's lock.
    const found = await deps.db.asSystem((tx) => findUserByEmail(tx, email))
    // One full KDF whether or not the account exists, and the same answer for both.
    const valid = await verifyPassword(password, found?.encrypted_password ?? null)
    if (!found || !valid) throw INVALID_CREDENTIALS()
    limiter.succeeded(admission.attempt)
    // Only someone who knows the password learns these.
    if (!found.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
    if (isBanned(found)) throw new AuthError(400, 'user_banned', 'User is banned')

    // A local scrypt hash becomes bcrypt, the hash a hosted project can verify.
    const rehashed = needsRehash(found.encrypted_password!, password) ? await hashPassword(password) : null
    const signedIn = await deps.db.asSystem(async (tx) => {
      if (rehashed) await replacePasswordHash(tx, found.id, found.encrypted_password!, rehashed)
      const user = await recordSignIn(tx, found.id)
      if (!user) return null
      await recordAudit(tx, user, 'login', { provider: 'email' })
      return grantFor(tx, user, await startSession(tx, user.id, client, 'password'))
    })
    if (!signedIn) throw INVALID_CREDENTIALS() // deleted between the two transactions
    return sessionResponse(c, signedIn)
  }

  async function refreshGrant(c: Context, body: Json): Promise<Response> {
    const presented = typeof body.refresh_token === 'string' ? body.refresh_token : ''
    if (presented === '') throw new AuthError(400, 'validation_failed', 'refresh_token required')
    const client = await clientOf(c)
    const outcome = await deps.db.asSystem(async (tx) => {
      const rotated = await rotateRefreshToken(tx, presented, config.refreshReuseIntervalSeconds, client)
      if (rotated instanceof AuthError) return rotated // returned, not thrown: family revocation must commit
      const user = await findUserById(tx, rotated.session.user_id)
      // Thrown: rolls the rotation back.
      if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      if (isBanned(user)) throw new AuthError(400, 'user_banned', 'Invalid Refresh Token: User Banned')
      await recordAudit(tx, user, 'token_refreshed')
      return grantFor(tx, user, rotated)
    })
    if (outcome instanceof AuthError) throw outcome
    return sessionResponse(c, outcome)
  }

  routes.post('/token', async (c) => {
    const grantType = c.req.query('grant_type')
    const body = await readJson(c)
    if (grantType === 'password') return passwordGrant(c, body)
    if (grantType === 'refresh_token') return refreshGrant(c, body)
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
  })

  routes.get('/user', async (c) => {
    const { user } = await requireUser(c, deps)
    return c.json(userJson(user, await deps.db.asSystem((tx) => factorsOf(tx, user.id))))
  })

  // GoTrue's UserUpdate for this product: a new password (the end of a password recovery, or a
  // change on the Account screen), a new address (moved once its e-mailed links are followed:
  // email-change.ts) and user metadata. A new password ends the person's other sessions and lifts
  // every sign-in limit on it. Once the person has a verified factor, a new password or address
  // needs a session that passed it (aal2), as in GoTrue.
  routes.put('/user', async (c) => {
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
    if (passwordHash !== undefined) await checkReauthentication(user, session, optionalString(body, 'nonce'))
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
      const emailLinks = changesEmail ? await startEmailChange(tx, row, newEmail, deps.keys.jwtSecret, config.doubleConfirmEmailChanges) : null
      return { row: emailLinks ? ((await findUserById(tx, user.id)) ?? row) : row, factors: await factorsOf(tx, user.id), emailLinks }
    })
    if (!updated) throw new AuthError(404, 'user_not_found', 'User not found')
    if (passwordHash !== undefined && updated.row.email) limiter.clearAccount(normalizeEmail(updated.row.email))
    if (updated.emailLinks) {
      const redirectTo = redirectTarget(config, c.req.query('redirect_to') ?? optionalString(body, 'redirect_to'))
      await sendEmailChangeMails(kit, c, user.email ?? '', newEmail, updated.emailLinks, redirectTo)
    }
    return c.json(userJson(updated.row, updated.factors))
  })

  /**
   * GoTrue's secure password change: a session signed in longer ago than the window must prove the
   * person again with the nonce GET /reauthenticate e-mailed. Wrong nonces count like wrong codes.
   */
  async function checkReauthentication(user: UserRow, session: SessionRow | null, nonce: string): Promise<void> {
    if (!config.securePasswordChange) return
    const recent = session !== null && Date.now() - session.created_at.getTime() < config.reauthenticationAfterSeconds * 1000
    if (recent) return
    if (nonce === '') throw new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication')
    const failure = await deps.db.asSystem((tx) =>
      consumeCode(tx, user, 'reauthentication', nonce.trim(), {
        secret: deps.keys.jwtSecret,
        maxAttempts: config.emailCodeAttempts,
        ttlSeconds: config.linkTtlSeconds,
      }),
    )
    if (failure) throw new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid')
  }

  routes.post('/logout', async (c) => {
    const raw = c.req.query('scope') ?? ''
    const scope: LogoutScope | null = raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : null
    if (!scope) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${raw.slice(0, 40)}"`)
    const { user, session } = await requireUser(c, deps)
    await deps.db.asSystem(async (tx) => {
      await endSessions(tx, user.id, session?.id ?? null, scope)
      await recordAudit(tx, user, 'logout')
    })
    return c.body(null, 204)
  })

  routes.post('/signup', async (c) => {
    const body = await readJson(c)
    // GoTrue sends a request with neither address nor phone to anonymous sign-in, off here.
    if (optionalString(body, 'email') === '' && optionalString(body, 'phone') === '') {
      throw new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled')
    }
    // Staff accounts are made with the service-role key (npm run admin:create); see spec/decisions.md.
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
  })

  // The features GoTrue offers and this product keeps off answer GoTrue's own "disabled" errors.
  routes.post('/otp', async (c) => {
    const body = await readJson(c)
    if (optionalString(body, 'phone') !== '') throw new AuthError(400, 'phone_provider_disabled', 'Phone logins are disabled')
    throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
  })
  routes.post('/magiclink', () => {
    throw new AuthError(422, 'otp_disabled', 'Signups not allowed for otp')
  })
  routes.get('/authorize', (c) => {
    const provider = (c.req.query('provider') ?? '').slice(0, 40)
    throw new AuthError(400, 'validation_failed', `Unsupported provider: provider ${provider} could not be found`)
  })
  routes.post('/sso', () => {
    throw new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled')
  })

  routes.get('/settings', (c) => c.json(settingsBody()))
  routes.get('/health', (c) => c.json({ version: 'local', name: 'GoTrue', description: 'Local Supabase-compatible auth API' }))

  // Admin API: the bearer must be the service-role key ----------------------------------------

  routes.post('/admin/users', async (c) => {
    await requireAdmin(c, deps)
    const body = await readJson(c)
    const rawEmail = typeof body.email === 'string' ? body.email : ''
    if (rawEmail.trim() === '') throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone')
    const email = normalizeEmail(rawEmail)
    if (!isValidEmail(email)) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
    const passwordHash = (await newPasswordHash(body, config.passwordMinLength)) ?? null
    const appMetadata = optionalObject(body, 'app_metadata')
    const userMetadata = optionalObject(body, 'user_metadata') ?? optionalObject(body, 'data')
    const user = await deps.db.asSystem(async (tx) => {
      if (await emailTaken(tx, email)) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      }
      const created = await insertUser(tx, { email, passwordHash, confirmed: body.email_confirm === true, appMetadata, userMetadata })
      await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_signedup', { user_id: created.id, user_email: created.email, user_phone: '' })
      return created
    })
    return c.json(userJson(user))
  })

  routes.get('/admin/users', async (c) => {
    await requireAdmin(c, deps)
    const page = positiveInt(c.req.query('page'), 1)
    const perPage = Math.min(positiveInt(c.req.query('per_page'), 50), 1000)
    const { users, total, factors } = await deps.db.asSystem(async (tx) => {
      const listed = await listUsers(tx, page, perPage)
      return {
        ...listed,
        factors: await factorsByUser(
          tx,
          listed.users.map((u) => u.id),
        ),
      }
    })
    // GoTrue's pagination headers; supabase-js reads nextPage/lastPage/total from them.
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const path = new URL(c.req.url).pathname
    const links: string[] = []
    if (page < lastPage) links.push(`<${path}?page=${page + 1}&per_page=${perPage}>; rel="next"`)
    links.push(`<${path}?page=${lastPage}&per_page=${perPage}>; rel="last"`)
    c.header('Link', links.join(', '))
    c.header('X-Total-Count', String(total))
    return c.json({ users: users.map((u) => userJson(u, factors.get(u.id))), aud: 'authenticated' })
  })

  registerMfaRoutes(routes, kit)
  registerLinkRoutes(routes, kit)

  routes.get('/admin/users/:id', async (c) => {
    await requireAdmin(c, deps)
    const id = c.req.param('id')
    if (!UUID.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
    const user = await deps.db.asSystem((tx) => findUserById(tx, id))
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json(userJson(user, await deps.db.asSystem((tx) => factorsOf(tx, id))))
  })

  // GoTrue's adminUserUpdate: a new address, a new password (which ends every session of the account and lifts
  // every sign-in limit on it, so an admin can let a locked-out colleague back in), e-mail
  // confirmation, a ban (ban_duration, Go's duration syntax, or "none" to lift it) and metadata.
  routes.put('/admin/users/:id', async (c) => {
    await requireAdmin(c, deps)
    const id = c.req.param('id')
    if (!UUID.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
    const changes = await adminChanges(await readJson(c), config.passwordMinLength)
    const updated = await deps.db.asSystem(async (tx) => {
      const user = await findUserById(tx, id)
      // An admin sets the address directly, as in GoTrue; another account's address is refused.
      if (user && changes.email !== undefined && changes.email !== user.email && (await emailTaken(tx, changes.email))) {
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
      }
      const row = user ? await applyChanges(tx, user, changes) : null
      if (!row) return null
      // A new password or a ban ends every session at once: a ban must not wait for tokens to expire.
      if (changes.passwordHash !== undefined || (changes.bannedUntil !== undefined && isBanned(row))) await endSessions(tx, id, null, 'global')
      await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_modified', { user_id: row.id, user_email: row.email, user_phone: '' })
      return row
    })
    if (!updated) throw new AuthError(404, 'user_not_found', 'User not found')
    if (changes.passwordHash !== undefined && updated.email) limiter.clearAccount(normalizeEmail(updated.email))
    return c.json(userJson(updated))
  })

  routes.delete('/admin/users/:id', async (c) => {
    await requireAdmin(c, deps)
    const id = c.req.param('id')
    if (!UUID.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
    const deleted = await deps.db.asSystem(async (tx) => {
      const user = await findUserById(tx, id)
      if (!user || !(await deleteUser(tx, id))) return false
      await recordAudit(tx, SERVICE_ROLE_ACTOR, 'user_deleted', { user_id: user.id, user_email: user.email, user_phone: '' })
      return true
    })
    if (!deleted) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json({})
  })

  return routes
}
