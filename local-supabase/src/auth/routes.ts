// /auth/v1: the part of GoTrue's HTTP API that supabase-js uses for this product (password sign-in,
// refresh, current user and its password, sign-out) plus the admin user endpoints that scripts and
// the back office call with the service-role key. Request and response shapes are GoTrue's, so the
// real client works unchanged.
import { setTimeout as sleep } from 'node:timers/promises'
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { BackendDeps } from '../deps.ts'
import { requestHeaders } from '../identity.ts'
import { isJsonContentType, parseJsonLimited } from '../json-limits.ts'
import { loadAuthConfig, type AuthConfig } from './config.ts'
import { AuthError, authErrorResponse, INVALID_CREDENTIALS } from './errors.ts'
import { requireAdmin, requireApiKey, requireUser } from './guard.ts'
import { hashPassword, needsRehash, prepareDummyHash, verifyPassword } from './password.ts'
import { SignInLimiter } from './rate-limit.ts'
import { endSessions, rotateRefreshToken, startSession, type ClientInfo, type IssuedSession, type LogoutScope } from './sessions.ts'
import { signAccessToken } from './tokens.ts'
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
  type UserRow,
} from './users.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
type Json = Record<string, unknown>

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

async function readJson(c: Context): Promise<Json> {
  if (!isJsonContentType(c.req.header('content-type'))) {
    throw new AuthError(415, 'bad_json', 'Unsupported Content-Type: this endpoint takes application/json')
  }
  const text = await c.req.text()
  // Postgres text cannot hold NUL: a value carrying one is a bad request, never a database error.
  if (text.includes('\0') || /\\u0000/i.test(text)) throw new AuthError(400, 'validation_failed', 'The request body contains a NUL character')
  if (text.trim() === '') return {}
  let parsed: unknown
  try {
    parsed = parseJsonLimited(text)
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  }
  return parsed as Json
}

function optionalObject(body: Json, field: string): Json | undefined {
  const value = body[field]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new AuthError(400, 'validation_failed', `${field} must be an object`)
  }
  return value as Json
}

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw new AuthError(400, 'validation_failed', 'Bad Pagination Parameters')
  return value
}

export function createAuthRoutes(deps: BackendDeps, config: AuthConfig = loadAuthConfig()): Hono {
  const routes = new Hono()
  const limiter = new SignInLimiter(config.rateLimit)
  // The unknown-e-mail path must cost the same from the first request on.
  void prepareDummyHash()

  routes.onError((error, c) => {
    if (error instanceof AuthError) return authErrorResponse(c, error)
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
    return authErrorResponse(c, new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'))
  })
  routes.use(requireApiKey(deps))
  routes.use(
    bodyLimit({
      maxSize: 64 * 1024,
      onError: (c) => authErrorResponse(c, new AuthError(413, 'validation_failed', 'Request body too large')),
    }),
  )

  /**
   * The client as the database's flood limits see it (private.client_address: the rightmost
   * X-Forwarded-For address that is not a trusted proxy), so sign-in and submissions key alike.
   */
  const clientOf = async (c: Context): Promise<ClientInfo> => {
    const forwardedFor = requestHeaders(c)['x-forwarded-for'] ?? null
    const address = await deps.db.asSystem(async (tx) => {
      const { rows } = await tx.query<{ address: string | null }>('select private.client_address($1) as address', [forwardedFor])
      return rows[0]?.address ?? null
    })
    return { userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null, ip: address }
  }

  async function sessionResponse(c: Context, user: UserRow, issued: IssuedSession): Promise<Response> {
    const { token, expiresAt } = await signAccessToken(deps.keys.jwtSecret, {
      user,
      sessionId: issued.session.id,
      signedInAt: issued.session.created_at,
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
      user: userJson(user),
    })
  }

  async function passwordGrant(c: Context, body: Json): Promise<Response> {
    const email = typeof body.email === 'string' ? normalizeEmail(body.email).slice(0, 320) : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (email === '') throw new AuthError(400, 'validation_failed', 'missing email or phone')
    const client = await clientOf(c)
    const admission = limiter.begin(email, client.ip ?? 'unknown')
    if (!admission.allowed) {
      throw new AuthError(
        429,
        'over_request_rate_limit',
        'Request rate limit reached',
        {},
        {
          'Retry-After': String(Math.ceil(admission.retryAfterMs / 1000)),
        },
      )
    }
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
      return user ? { user, issued: await startSession(tx, user.id, client) } : null
    })
    if (!signedIn) throw INVALID_CREDENTIALS() // deleted between the two transactions
    return sessionResponse(c, signedIn.user, signedIn.issued)
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
      return { user, issued: rotated }
    })
    if (outcome instanceof AuthError) throw outcome
    return sessionResponse(c, outcome.user, outcome.issued)
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
    return c.json(userJson(user))
  })

  // GoTrue's UserUpdate for this product: a new password (the end of a password recovery, or a
  // change on the Account screen) and user metadata. A new password ends the person's other
  // sessions and lifts every sign-in limit on the account.
  routes.put('/user', async (c) => {
    const { user, session } = await requireUser(c, deps)
    const body = await readJson(c)
    for (const field of ['email', 'phone']) {
      if (typeof body[field] === 'string' && body[field] !== '') {
        throw new AuthError(422, 'validation_failed', `Changing ${field} is not supported by this backend`)
      }
    }
    const userMetadata = optionalObject(body, 'data')
    const passwordHash = await newPasswordHash(body, config.passwordMinLength)
    if (passwordHash !== undefined && (await verifyPassword(body.password as string, user.encrypted_password))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
    }
    const updated = await deps.db.asSystem(async (tx) => {
      const row = await applyChanges(tx, user, { passwordHash, confirmEmail: false, userMetadata })
      if (row && passwordHash !== undefined) await endSessions(tx, user.id, session?.id ?? null, 'others')
      return row
    })
    if (!updated) throw new AuthError(404, 'user_not_found', 'User not found')
    if (passwordHash !== undefined && updated.email) limiter.clearAccount(normalizeEmail(updated.email))
    return c.json(userJson(updated))
  })

  routes.post('/logout', async (c) => {
    const raw = c.req.query('scope') ?? ''
    const scope: LogoutScope | null = raw === '' || raw === 'global' ? 'global' : raw === 'local' || raw === 'others' ? raw : null
    if (!scope) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${raw.slice(0, 40)}"`)
    const { user, session } = await requireUser(c, deps)
    await deps.db.asSystem((tx) => endSessions(tx, user.id, session?.id ?? null, scope))
    return c.body(null, 204)
  })

  routes.post('/signup', () => {
    // Staff accounts are made with the service-role key (npm run admin:create); see spec/decisions.md.
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
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
      return insertUser(tx, { email, passwordHash, confirmed: body.email_confirm === true, appMetadata, userMetadata })
    })
    return c.json(userJson(user))
  })

  routes.get('/admin/users', async (c) => {
    await requireAdmin(c, deps)
    const page = positiveInt(c.req.query('page'), 1)
    const perPage = Math.min(positiveInt(c.req.query('per_page'), 50), 1000)
    const { users, total } = await deps.db.asSystem((tx) => listUsers(tx, page, perPage))
    // GoTrue's pagination headers; supabase-js reads nextPage/lastPage/total from them.
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const path = new URL(c.req.url).pathname
    const links: string[] = []
    if (page < lastPage) links.push(`<${path}?page=${page + 1}&per_page=${perPage}>; rel="next"`)
    links.push(`<${path}?page=${lastPage}&per_page=${perPage}>; rel="last"`)
    c.header('Link', links.join(', '))
    c.header('X-Total-Count', String(total))
    return c.json({ users: users.map(userJson), aud: 'authenticated' })
  })

  routes.get('/admin/users/:id', async (c) => {
    await requireAdmin(c, deps)
    const id = c.req.param('id')
    if (!UUID.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
    const user = await deps.db.asSystem((tx) => findUserById(tx, id))
    if (!user) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json(userJson(user))
  })

  // GoTrue's adminUserUpdate: a new password (which ends every session of the account and lifts
  // every sign-in limit on it, so an admin can let a locked-out colleague back in), e-mail
  // confirmation, a ban (ban_duration, Go's duration syntax, or "none" to lift it) and metadata.
  routes.put('/admin/users/:id', async (c) => {
    await requireAdmin(c, deps)
    const id = c.req.param('id')
    if (!UUID.test(id)) throw new AuthError(404, 'user_not_found', 'User not found')
    const changes = await adminChanges(await readJson(c), config.passwordMinLength)
    const updated = await deps.db.asSystem(async (tx) => {
      const user = await findUserById(tx, id)
      const row = user ? await applyChanges(tx, user, changes) : null
      if (row && changes.passwordHash !== undefined) await endSessions(tx, id, null, 'global')
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
    const deleted = await deps.db.asSystem((tx) => deleteUser(tx, id))
    if (!deleted) throw new AuthError(404, 'user_not_found', 'User not found')
    return c.json({})
  })

  return routes
}
