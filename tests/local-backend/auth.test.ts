// /auth/v1 of the local backend through the real supabase-js client (and plain fetch where the
// exact GoTrue response matters): sign-in, refresh rotation, sign-out, forged tokens, the admin
// API, brute-force limits, the first admin and `npm run admin:create`.
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import type { SupabaseClient } from '@supabase/supabase-js'
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { DEFAULT_AUTH_CONFIG } from '../../local-supabase/src/auth/config.ts'
import { SignInLimiter } from '../../local-supabase/src/auth/rate-limit.ts'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

interface Raw {
  status: number
  headers: Headers
  text: string
  json: Record<string, unknown>
  ms: number
}

async function raw(url: string, init: RequestInit = {}): Promise<Raw> {
  const started = performance.now()
  const response = await fetch(url, init)
  const text = await response.text()
  const ms = performance.now() - started
  let json: Record<string, unknown> = {}
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : {}
  } catch {
    json = {}
  }
  return { status: response.status, headers: response.headers, text, json, ms }
}

function passwordSignIn(backend: LocalBackend, email: string, password: string, headers: Record<string, string> = {}): Promise<Raw> {
  return raw(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password }),
  })
}

function getUserRaw(backend: LocalBackend, token: string): Promise<Raw> {
  return raw(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}` } })
}

function secret(value: string): Uint8Array {
  return new TextEncoder().encode(value)
}

/** Whether /rest/v1 is implemented yet (it is written in parallel; until then it answers 501). */
async function restAvailable(backend: LocalBackend): Promise<boolean> {
  const answer = await raw(`${backend.url}/rest/v1/solutions?select=slug&limit=1`, { headers: { apikey: backend.keys.anonKey } })
  return answer.status !== 501
}

async function skipWithoutRest(backend: LocalBackend, ctx: TestContext): Promise<void> {
  if (!(await restAvailable(backend))) ctx.skip('the /rest/v1 API has not landed yet')
}

function runAdminCreate(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/admin-create.ts', ...args], {
      cwd: repoRoot,
      // Never a hosted project from the developer's environment.
      env: { ...process.env, SUPABASE_URL: '', SUPABASE_SERVICE_ROLE_KEY: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', reject)
    child.once('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

describe('auth API (default settings)', () => {
  let backend: LocalBackend

  beforeAll(async () => {
    backend = await startLocalBackend()
  })

  afterAll(async () => {
    await backend?.dispose()
  })

  async function signedIn(email = TEST_ADMIN.email, password = TEST_ADMIN.password): Promise<SupabaseClient> {
    return backend.signIn(email, password)
  }

  async function accessTokenOf(client: SupabaseClient): Promise<string> {
    const { data } = await client.auth.getSession()
    if (!data.session) throw new Error('no session')
    return data.session.access_token
  }

  /** A real user's claims, for forging tokens that differ from a genuine one only in what is tested. */
  async function genuineClaims(): Promise<Record<string, unknown>> {
    const client = await signedIn()
    return decodeJwt(await accessTokenOf(client)) as Record<string, unknown>
  }

  it('creates the first admin from ADMIN_EMAIL/ADMIN_PASSWORD on first start', async () => {
    expect(backend.output()).toContain(`Created the first admin: ${TEST_ADMIN.email}`)
    const { data, error } = await backend.service().auth.admin.listUsers()
    expect(error).toBeNull()
    const admins = data.users.filter((u) => u.email === TEST_ADMIN.email)
    expect(admins).toHaveLength(1)
    expect(admins[0].email_confirmed_at).toBeTruthy()
  })

  it('signs in with e-mail and password and returns a GoTrue session', async () => {
    const client = backend.anon()
    const { data, error } = await client.auth.signInWithPassword({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })
    expect(error).toBeNull()
    const session = data.session!
    expect(session.token_type).toBe('bearer')
    expect(session.expires_in).toBe(3600)
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500)
    expect(session.refresh_token.length).toBeGreaterThanOrEqual(40)
    expect(data.user).toMatchObject({
      email: TEST_ADMIN.email,
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      identities: [{ provider: 'email', email: TEST_ADMIN.email, identity_data: { email: TEST_ADMIN.email, email_verified: true } }],
      is_anonymous: false,
    })
    expect(data.user!.last_sign_in_at).toBeTruthy()

    const claims = decodeJwt(session.access_token)
    expect(claims).toMatchObject({
      iss: `${backend.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      email: TEST_ADMIN.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: {},
    })
    expect(claims.exp! - claims.iat!).toBe(3600)
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }])

    const { data: me, error: meError } = await client.auth.getUser()
    expect(meError).toBeNull()
    expect(me.user?.id).toBe(data.user!.id)
  })

  it('answers a wrong password and an unknown e-mail identically, after the same KDF work', async () => {
    const wrong = await passwordSignIn(backend, TEST_ADMIN.email, 'not-the-password')
    const unknown = await passwordSignIn(backend, 'nobody-here@test.local', 'not-the-password')
    expect(wrong.status).toBe(400)
    expect(unknown.status).toBe(400)
    expect(wrong.text).toBe(unknown.text)
    expect(wrong.json).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' })
    // bcrypt takes tens of milliseconds; an unknown e-mail must not come back faster than that.
    expect(unknown.ms).toBeGreaterThan(30)
    expect(wrong.ms).toBeGreaterThan(30)

    // supabase-js sends X-Supabase-Api-Version: 2024-01-01 and gets GoTrue's newer shape.
    const viaClient = await backend.anon().auth.signInWithPassword({ email: 'nobody-here@test.local', password: 'x-wrong-x' })
    expect(viaClient.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' })
    const newer = await passwordSignIn(backend, TEST_ADMIN.email, 'not-the-password', { 'x-supabase-api-version': '2024-01-01' })
    expect(newer.json).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' })
    expect(newer.headers.get('x-supabase-api-version')).toBe('2024-01-01')
  })

  it('rotates refresh tokens; a reused one within the grace window gets a fresh token, a made-up one is refused', async () => {
    const client = await signedIn()
    const first = (await client.auth.getSession()).data.session!
    const { data, error } = await client.auth.refreshSession({ refresh_token: first.refresh_token })
    expect(error).toBeNull()
    const second = data.session!
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect(decodeJwt(second.access_token).session_id).toBe(decodeJwt(first.access_token).session_id)
    // The amr timestamp is the original sign-in, not the refresh.
    expect(decodeJwt(second.access_token).amr).toEqual(decodeJwt(first.access_token).amr)

    // Two tabs refreshing at once: the loser presents the just-revoked token within 10 s.
    const again = await backend.anon().auth.refreshSession({ refresh_token: first.refresh_token })
    expect(again.error).toBeNull()
    expect(again.data.session!.refresh_token).not.toBe(second.refresh_token)

    const madeUp = await backend.anon().auth.refreshSession({ refresh_token: 'made-up-refresh-token-000000000000000000' })
    expect(madeUp.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
  })

  it('signs out: local ends one session, global every session; tokens of ended sessions stop working on /auth/v1', async () => {
    const tabA = await signedIn()
    const tabB = await signedIn()
    const tokenA = await accessTokenOf(tabA)
    const tokenB = await accessTokenOf(tabB)
    const refreshB = (await tabB.auth.getSession()).data.session!.refresh_token

    expect((await tabA.auth.signOut({ scope: 'local' })).error).toBeNull()
    const endedA = await getUserRaw(backend, tokenA)
    expect(endedA.status).toBe(403)
    expect(endedA.json).toMatchObject({ error_code: 'session_not_found' })
    expect((await getUserRaw(backend, tokenB)).status).toBe(200)

    expect((await tabB.auth.signOut()).error).toBeNull()
    expect((await getUserRaw(backend, tokenB)).json).toMatchObject({ code: 403, error_code: 'session_not_found' })
    const refreshed = await backend.anon().auth.refreshSession({ refresh_token: refreshB })
    expect(refreshed.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' })
    // supabase-js maps session_not_found to "session missing".
    const viaClient = await backend.anon().auth.getUser(tokenB)
    expect(viaClient.error?.name).toBe('AuthSessionMissingError')
  })

  it('refuses tampered, expired, unsigned and foreign-secret tokens on /auth/v1 and /rest/v1', async (ctx) => {
    const claims = await genuineClaims()
    const genuine = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret(backend.keys.jwtSecret))
    const [header, payload, signature] = genuine.split('.')
    const middle = Math.floor(signature.length / 2)
    const flipped = signature[middle] === 'A' ? 'B' : 'A'
    const tampered = `${header}.${payload}.${signature.slice(0, middle)}${flipped}${signature.slice(middle + 1)}`
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret(backend.keys.jwtSecret))
    const unsigned = new UnsecuredJWT({ ...claims, role: 'service_role' }).encode()
    const foreign = await new SignJWT({ role: 'service_role', iss: 'supabase' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(secret('another-projects-secret-that-is-long-enough-000000'))
    const foreignUser = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(secret('another-projects-secret-that-is-long-enough-000000'))

    expect((await getUserRaw(backend, genuine)).status).toBe(200) // the control
    const forged = { tampered, expired, unsigned, foreign, foreignUser }
    for (const [name, token] of Object.entries(forged)) {
      const answer = await getUserRaw(backend, token)
      expect(answer.status, name).toBe(403)
      expect(answer.json.error_code, name).toBe('bad_jwt')
      expect(answer.json.msg, name).toMatch(/^invalid JWT: unable to parse or verify signature, /)
      const viaClient = await backend.anon().auth.getUser(token)
      expect(viaClient.error, name).toMatchObject({ status: 403, code: 'bad_jwt' })
    }
    expect((await getUserRaw(backend, expired)).json.msg).toContain('token is expired')
    // A service_role claim without this project's signature is no admin either.
    for (const token of [unsigned, foreign]) {
      const admin = await raw(`${backend.url}/auth/v1/admin/users`, { headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}` } })
      expect(admin.status).toBe(403)
      expect(admin.json.error_code).toBe('bad_jwt')
    }

    await skipWithoutRest(backend, ctx)
    for (const [name, token] of Object.entries(forged)) {
      const rest = await raw(`${backend.url}/rest/v1/solutions?select=slug`, {
        headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}` },
      })
      expect(rest.status, `${name} on /rest/v1`).toBe(401)
    }
  })

  it('requires an API key, as the Supabase gateway does', async () => {
    const missing = await raw(`${backend.url}/auth/v1/settings`)
    expect(missing.status).toBe(401)
    expect(missing.json).toEqual({ message: 'No API key found in request' })
    const bad = await raw(`${backend.url}/auth/v1/settings`, { headers: { apikey: 'not-a-key' } })
    expect(bad.status).toBe(401)
    const userWithoutKey = await raw(`${backend.url}/auth/v1/user`)
    expect(userWithoutKey.status).toBe(401)
  })

  it('has sign-up switched off and says so in /settings', async () => {
    const { error } = await backend.anon().auth.signUp({ email: 'visitor@test.local', password: 'a-long-password-1' })
    expect(error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' })
    const direct = await raw(`${backend.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'visitor@test.local', password: 'a-long-password-1' }),
    })
    expect(direct.json).toEqual({ code: 422, error_code: 'signup_disabled', msg: 'Signups not allowed for this instance' })
    const settings = await raw(`${backend.url}/auth/v1/settings`, { headers: { apikey: backend.keys.anonKey } })
    expect(settings.status).toBe(200)
    expect(settings.json).toMatchObject({ disable_signup: true, external: { email: true, phone: false, google: false } })
    const users = await backend.service().auth.admin.listUsers()
    expect(users.data.users.some((u) => u.email === 'visitor@test.local')).toBe(false)
  })

  it('refuses the admin API to the anon key and to signed-in users, even admins', async () => {
    const anon = backend.anon()
    const created = await anon.auth.admin.createUser({ email: 'sneaky@test.local', password: 'a-long-password-1' })
    expect(created.error).toMatchObject({ status: 403, code: 'not_admin', message: 'User not allowed' })
    expect((await anon.auth.admin.listUsers()).error).toMatchObject({ status: 403, code: 'not_admin' })
    const adminToken = await accessTokenOf(await signedIn())
    const asAdminUser = await raw(`${backend.url}/auth/v1/admin/users`, {
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${adminToken}` },
    })
    expect(asAdminUser.json).toEqual({ code: 403, error_code: 'not_admin', msg: 'User not allowed' })
    const noBearer = await raw(`${backend.url}/auth/v1/admin/users`, { headers: { apikey: backend.keys.serviceRoleKey } })
    expect(noBearer.status).toBe(401)
  })

  it('creates, lists (paginated) and deletes users with the service-role key', async () => {
    const admin = backend.service().auth.admin
    const emails = ['Editor.One@Test.local', 'editor.two@test.local', 'editor.three@test.local']
    const ids: string[] = []
    for (const email of emails) {
      const { data, error } = await admin.createUser({
        email,
        password: 'editor-password-1',
        email_confirm: true,
        user_metadata: { name: 'Editor' },
        app_metadata: { team: 'content' },
      })
      expect(error).toBeNull()
      expect(data.user).toMatchObject({
        email: email.toLowerCase(),
        user_metadata: { name: 'Editor' },
        app_metadata: { team: 'content', provider: 'email', providers: ['email'] },
      })
      expect(data.user!.email_confirmed_at).toBeTruthy()
      ids.push(data.user!.id)
    }

    const duplicate = await admin.createUser({ email: 'EDITOR.ONE@test.local', password: 'editor-password-1' })
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' })
    const weak = await admin.createUser({ email: 'weak@test.local', password: 'short' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password', name: 'AuthWeakPasswordError', reasons: ['length'] })
    const invalid = await admin.createUser({ email: 'not-an-email', password: 'editor-password-1' })
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' })

    const page1 = await admin.listUsers({ page: 1, perPage: 2 })
    expect(page1.error).toBeNull()
    expect(page1.data.users).toHaveLength(2)
    expect(page1.data).toMatchObject({ aud: 'authenticated', nextPage: 2, total: 4, lastPage: 2 })
    const page2 = await admin.listUsers({ page: 2, perPage: 2 })
    const listed = [...page1.data.users, ...page2.data.users].map((u) => u.email)
    expect(new Set(listed)).toEqual(new Set([TEST_ADMIN.email, ...emails.map((e) => e.toLowerCase())]))

    // An unconfirmed account cannot sign in, but only its password holder learns why.
    await admin.createUser({ email: 'pending@test.local', password: 'pending-password-1' })
    const pending = await backend.anon().auth.signInWithPassword({ email: 'pending@test.local', password: 'pending-password-1' })
    expect(pending.error).toMatchObject({ status: 400, code: 'email_not_confirmed' })

    const editor = await signedIn('editor.two@test.local', 'editor-password-1')
    const editorToken = await accessTokenOf(editor)
    expect((await admin.deleteUser(ids[1])).error).toBeNull()
    expect((await getUserRaw(backend, editorToken)).json).toMatchObject({ error_code: 'user_not_found' })
    const gone = await backend.anon().auth.signInWithPassword({ email: 'editor.two@test.local', password: 'editor-password-1' })
    expect(gone.error).toMatchObject({ code: 'invalid_credentials' })
    expect((await admin.deleteUser(ids[1])).error).toMatchObject({ status: 404, code: 'user_not_found' })
  })

  it('hands the database an admin: a signed-in admin token makes public.is_admin() true', async (ctx) => {
    await skipWithoutRest(backend, ctx)
    const admin = await signedIn()
    const { data, error } = await admin.rpc('is_admin')
    expect(error).toBeNull()
    expect(data).toBe(true)
    const { data: roles } = await admin.from('staff_roles').select('role')
    expect(roles).toEqual([{ role: 'admin' }])

    await backend.service().auth.admin.createUser({ email: 'plain@test.local', password: 'plain-password-1', email_confirm: true })
    const plain = await signedIn('plain@test.local', 'plain-password-1')
    expect((await plain.rpc('is_admin')).data).toBe(false)
    expect((await backend.anon().rpc('is_admin')).data).toBe(false)
  })

  it('npm run admin:create makes an admin who can sign in; refuses a taken e-mail and bad usage', async (ctx) => {
    const env = { DATA_DIR: backend.dataDir, SUPABASE_PORT: new URL(backend.url).port }

    const usage = await runAdminCreate([], env)
    expect(usage.code).toBe(2)
    expect(usage.stderr).toContain('Usage: npm run admin:create -- --email')

    const taken = await runAdminCreate(['--email', TEST_ADMIN.email, '--password', 'whatever-password-1'], env)
    expect(taken.code).toBe(1)
    expect(taken.stderr).toContain(`An account with the e-mail ${TEST_ADMIN.email} already exists`)

    const weak = await runAdminCreate(['--email', 'weak-admin@test.local', '--password', 'short'], env)
    expect(weak.code).toBe(1)
    expect(weak.stderr).toContain('Password should be at least 12 characters')

    const stopped = await runAdminCreate(['--email', 'x@test.local', '--password', 'whatever-password-1'], {
      ...env,
      SUPABASE_PORT: String(await freePort()),
    })
    expect(stopped.code).toBe(1)
    expect(stopped.stderr.trim()).toBe('The local backend is not running: start it with npm start or npm run dev')

    await skipWithoutRest(backend, ctx)
    const made = await runAdminCreate(['--email', 'second.admin@test.local', '--password', 'second-admin-password'], env)
    expect(made.stderr).toBe('')
    expect(made.code).toBe(0)
    expect(made.stdout).toContain('Created admin second.admin@test.local')
    const secondAdmin = await signedIn('second.admin@test.local', 'second-admin-password')
    expect((await secondAdmin.rpc('is_admin')).data).toBe(true)

    // A "hosted" target: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY win over DATA_DIR.
    const hostedEnv = { DATA_DIR: '/nonexistent-data-dir', SUPABASE_URL: backend.url }
    const noKey = await runAdminCreate(['--email', 'third.admin@test.local', '--password', 'third-admin-password'], hostedEnv)
    expect(noKey.code).toBe(1)
    expect(noKey.stderr).toContain('set SUPABASE_SERVICE_ROLE_KEY')
    const hosted = await runAdminCreate(['--email', 'third.admin@test.local', '--password', 'third-admin-password'], {
      ...hostedEnv,
      SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey,
    })
    expect(hosted.code).toBe(0)
    const thirdAdmin = await signedIn('third.admin@test.local', 'third-admin-password')
    expect((await thirdAdmin.rpc('is_admin')).data).toBe(true)
  })

  it('does not create the first admin again (or reset its password) on restart', async () => {
    const before = await backend.service().auth.admin.listUsers({ page: 1, perPage: 1000 })
    await backend.restart()
    const after = await backend.service().auth.admin.listUsers({ page: 1, perPage: 1000 })
    expect(after.data.users.filter((u) => u.email === TEST_ADMIN.email)).toHaveLength(1)
    expect(after.data.users.map((u) => u.id).sort()).toEqual(before.data.users.map((u) => u.id).sort())
    expect(backend.output().split('Created the first admin').length - 1).toBe(1)
    await signedIn()
  })
})

describe('auth API brute-force limits and strict refresh-token reuse', { timeout: 180_000 }, () => {
  let backend: LocalBackend
  // Long enough that the attempts of one test fit in it even on a busy machine (each runs the KDF).
  const WINDOW_MS = 20_000

  beforeAll(async () => {
    backend = await startLocalBackend({
      AUTH_RATE_WINDOW_MS: String(WINDOW_MS),
      AUTH_RATE_MAX_PER_EMAIL: '3',
      AUTH_RATE_MAX_PER_CLIENT: '6',
      AUTH_RATE_SLOWDOWN_MS: '100',
      AUTH_REFRESH_REUSE_INTERVAL_S: '0',
    })
  })

  afterAll(async () => {
    await backend?.dispose()
  })

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('treats a reused refresh token as stolen: refused, and its whole session ended', async () => {
    const client = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const first = (await client.auth.getSession()).data.session!
    const { data } = await client.auth.refreshSession({ refresh_token: first.refresh_token })
    const second = data.session!

    const reused = await backend.anon().auth.refreshSession({ refresh_token: first.refresh_token })
    expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' })
    // The legitimate holder's newer token is revoked too, and the session's access tokens stop working here.
    const child = await backend.anon().auth.refreshSession({ refresh_token: second.refresh_token })
    expect(child.error).toMatchObject({ status: 400, code: 'session_expired' })
    expect((await getUserRaw(backend, second.access_token)).json).toMatchObject({ error_code: 'session_not_found' })
  })

  it('slows and then refuses repeated failures for one account, whether or not it exists, until the window passes', async () => {
    const attempt = (email: string, password: string) => passwordSignIn(backend, email, password)
    const known: Raw[] = []
    const unknown: Raw[] = []
    for (let i = 0; i < 3; i++) known.push(await attempt(TEST_ADMIN.email, `wrong-${i}`))
    for (let i = 0; i < 3; i++) unknown.push(await attempt('ghost@test.local', `wrong-${i}`))
    expect([...known, ...unknown].map((a) => a.status)).toEqual([400, 400, 400, 400, 400, 400])
    // Past half the allowance each failure waits longer (100 ms, then 200 ms).
    expect(known[2].ms).toBeGreaterThanOrEqual(200)
    expect(unknown[2].ms).toBeGreaterThanOrEqual(200)

    // Even the right password is refused now; an unknown address gets the very same answer.
    const lockedKnown = await attempt(TEST_ADMIN.email, TEST_ADMIN.password)
    const lockedUnknown = await attempt('ghost@test.local', 'anything')
    expect(lockedKnown.status).toBe(429)
    expect(lockedKnown.json).toEqual({ code: 429, error_code: 'over_request_rate_limit', msg: 'Request rate limit reached' })
    expect(lockedUnknown.text).toBe(lockedKnown.text)
    expect(Number(lockedKnown.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    const viaClient = await backend.anon().auth.signInWithPassword({ email: TEST_ADMIN.email, password: TEST_ADMIN.password })
    expect(viaClient.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' })

    await pause(WINDOW_MS + 200)
    expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200)
  })

  it('starts an account over after a successful sign-in', async () => {
    await pause(WINDOW_MS + 200)
    for (let i = 0; i < 2; i++) expect((await passwordSignIn(backend, TEST_ADMIN.email, 'wrong')).status).toBe(400)
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await passwordSignIn(backend, TEST_ADMIN.email, 'wrong')).status).toBe(400)
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200)
  })

  it('refuses a client that fails across many accounts, and X-Forwarded-For does not get around it', async () => {
    await pause(WINDOW_MS + 200)
    // This test runs on loopback, a trusted proxy: it speaks for a visitor at 198.51.100.77 as the
    // web server does. Forged entries to the left of that address change nothing.
    const visitor = { 'x-forwarded-for': '198.51.100.77' }
    for (let i = 0; i < 6; i++) {
      expect((await passwordSignIn(backend, `spray-${i}@test.local`, 'Password1', visitor)).status).toBe(400)
    }
    const fresh = await passwordSignIn(backend, 'spray-new@test.local', 'Password1', visitor)
    expect(fresh.status).toBe(429)
    const spoofed = await passwordSignIn(backend, 'spray-other@test.local', 'Password1', { 'x-forwarded-for': '203.0.113.7, 198.51.100.77' })
    expect(spoofed.status).toBe(429)
    // Another visitor behind the same web server is not refused.
    expect((await passwordSignIn(backend, 'spray-elsewhere@test.local', 'Password1', { 'x-forwarded-for': '198.51.100.78' })).status).toBe(400)
    // Also the right password from this client, until the window passes.
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password, visitor)).status).toBe(429)
    await pause(WINDOW_MS + 200)
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password, visitor)).status).toBe(200)
  })

  it('lets parallel bursts through no faster than the limit', async () => {
    await pause(WINDOW_MS + 200)
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => passwordSignIn(backend, TEST_ADMIN.email, `parallel-wrong-${i}`)))
    const statuses = burst.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
  })
})

describe('sign-in limits that cannot be turned against a staff member', { timeout: 240_000 }, () => {
  let backend: LocalBackend
  // Long enough that each test's attempts, with their delays, fit in one window on a busy machine.
  const WINDOW_MS = 90_000

  beforeAll(async () => {
    backend = await startLocalBackend({
      AUTH_RATE_WINDOW_MS: String(WINDOW_MS),
      AUTH_RATE_MAX_PER_EMAIL: '3',
      AUTH_RATE_MAX_PER_CLIENT: '6',
      AUTH_RATE_SLOWDOWN_MS: '100',
    })
  })

  afterAll(async () => {
    await backend?.dispose()
  })

  /** A confirmed account of its own for each test, so no test's failures touch another's. */
  async function staffAccount(email: string, password: string): Promise<string> {
    const { data, error } = await backend.service().auth.admin.createUser({ email, password, email_confirm: true })
    if (error || !data.user) throw new Error(`creating ${email} failed: ${error?.message}`)
    return data.user.id
  }

  // Loopback is a trusted proxy: each test speaks for visitors at documentation addresses, as the web server does.
  const from = (address: string) => ({ 'x-forwarded-for': address })

  it('refuses the client that failed, under any spelling of the address, and lets the right password in from anywhere else', async () => {
    await staffAccount('target-one@test.local', 'target-password-1')
    for (let i = 0; i < 3; i++) {
      expect((await passwordSignIn(backend, 'target-one@test.local', `wrong-${i}`, from('198.51.100.60'))).status).toBe(400)
    }
    expect((await passwordSignIn(backend, 'target-one@test.local', 'target-password-1', from('198.51.100.60'))).status).toBe(429)
    expect((await passwordSignIn(backend, '  Target-ONE@test.local ', 'target-password-1', from('198.51.100.60'))).status).toBe(429)

    const elsewhere = await passwordSignIn(backend, 'Target-One@test.local', 'target-password-1', from('198.51.100.61'))
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.json.access_token).toEqual(expect.any(String))
  })

  it('slows the account for everyone while many clients fail on it, but never refuses it', async () => {
    await staffAccount('target-two@test.local', 'target-password-2')
    // Five clients, each one failure short of its own limit: fifteen failures on one account.
    for (let client = 0; client < 5; client++) {
      for (let i = 0; i < 2; i++) {
        expect((await passwordSignIn(backend, 'target-two@test.local', 'wrong', from(`198.51.100.${70 + client}`))).status).toBe(400)
      }
    }
    const owner = await passwordSignIn(backend, 'target-two@test.local', 'target-password-2', from('198.51.100.79'))
    expect(owner.status).toBe(200)
    // Ten failures past the three any one client may make: the longest delay, 8 x 100 ms.
    expect(owner.ms).toBeGreaterThanOrEqual(800)
  })

  it('lets an admin lift a lock by setting a new password (PUT /admin/users/{id}), which also ends the sessions', async () => {
    const id = await staffAccount('target-three@test.local', 'target-password-3')
    const session = await passwordSignIn(backend, 'target-three@test.local', 'target-password-3', from('198.51.100.90'))
    expect(session.status).toBe(200)
    for (let i = 0; i < 3; i++) await passwordSignIn(backend, 'target-three@test.local', 'forgotten', from('198.51.100.91'))
    expect((await passwordSignIn(backend, 'target-three@test.local', 'target-password-3', from('198.51.100.91'))).status).toBe(429)

    const { data, error } = await backend.service().auth.admin.updateUserById(id, { password: 'a-new-password-3' })
    expect(error).toBeNull()
    expect(data.user?.email).toBe('target-three@test.local')
    const signedIn = await passwordSignIn(backend, 'target-three@test.local', 'a-new-password-3', from('198.51.100.91'))
    expect(signedIn.status).toBe(200)
    expect((await passwordSignIn(backend, 'target-three@test.local', 'target-password-3', from('198.51.100.92'))).status).toBe(400)
    expect((await getUserRaw(backend, session.json.access_token as string)).json).toMatchObject({ error_code: 'session_not_found' })

    const weak = await backend.service().auth.admin.updateUserById(id, { password: 'short' })
    expect(weak.error).toMatchObject({ status: 422, code: 'weak_password' })
    const unknown = await backend.service().auth.admin.updateUserById('00000000-0000-4000-8000-000000000000', { password: 'a-new-password-3' })
    expect(unknown.error).toMatchObject({ status: 404, code: 'user_not_found' })
    const asUser = await raw(`${backend.url}/auth/v1/admin/users/${id}`, {
      method: 'PUT',
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${signedIn.json.access_token as string}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'hijacked-password' }),
    })
    expect(asUser.status).toBe(403)
  })

  it('lifts a lock when the person sets a new password themselves (PUT /user, the end of a recovery), ending their other sessions', async () => {
    await staffAccount('target-four@test.local', 'target-password-4')
    const other = await passwordSignIn(backend, 'target-four@test.local', 'target-password-4', from('198.51.100.100'))
    const person = await backend.signIn('target-four@test.local', 'target-password-4')
    for (let i = 0; i < 3; i++) await passwordSignIn(backend, 'target-four@test.local', 'forgotten', from('198.51.100.101'))
    expect((await passwordSignIn(backend, 'target-four@test.local', 'target-password-4', from('198.51.100.101'))).status).toBe(429)

    const same = await person.auth.updateUser({ password: 'target-password-4' })
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' })
    const { data, error } = await person.auth.updateUser({ password: 'a-new-password-4', data: { name: 'Four' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ name: 'Four' })
    expect((await passwordSignIn(backend, 'target-four@test.local', 'a-new-password-4', from('198.51.100.101'))).status).toBe(200)
    // This session goes on; the other one has ended.
    expect((await person.auth.getUser()).error).toBeNull()
    expect((await getUserRaw(backend, other.json.access_token as string)).json).toMatchObject({ error_code: 'session_not_found' })
  })

  it('bans and unbans through PUT /admin/users/{id} with ban_duration, as GoTrue does', async () => {
    const id = await staffAccount('target-five@test.local', 'target-password-5')
    const banned = await backend.service().auth.admin.updateUserById(id, { ban_duration: '876000h' })
    expect(banned.error).toBeNull()
    expect(new Date(banned.data.user!.banned_until!).getTime()).toBeGreaterThan(Date.now() + 99 * 365 * 86_400_000)
    expect((await passwordSignIn(backend, 'target-five@test.local', 'target-password-5', from('198.51.100.110'))).json).toMatchObject({
      error_code: 'user_banned',
    })
    const bad = await backend.service().auth.admin.updateUserById(id, { ban_duration: 'forever' })
    expect(bad.error).toMatchObject({ status: 400 })
    expect((await backend.service().auth.admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull()
    expect((await passwordSignIn(backend, 'target-five@test.local', 'target-password-5', from('198.51.100.110'))).status).toBe(200)
  })
})

describe('auth building blocks', () => {
  it('uses the real limits by default: 5 per e-mail and 20 per client in 15 minutes', () => {
    expect(DEFAULT_AUTH_CONFIG.rateLimit).toEqual({ windowMs: 900_000, maxPerEmail: 5, maxPerClient: 20, slowdownMs: 250 })
    expect(DEFAULT_AUTH_CONFIG.accessTokenTtlSeconds).toBe(3600)
  })

  it('counts failures in a sliding window, doubles the delay, refuses at the limit and forgets on success', () => {
    let now = 1_000_000
    const limiter = new SignInLimiter(DEFAULT_AUTH_CONFIG.rateLimit, () => now)
    const delays: number[] = []
    for (let i = 0; i < 5; i++) {
      const admission = limiter.begin('a@x.test', '10.0.0.1')
      if (!admission.allowed) throw new Error('refused too early')
      delays.push(admission.delayMs)
      now += 1_000
    }
    expect(delays).toEqual([0, 0, 250, 500, 1000])
    const refused = limiter.begin('a@x.test', '10.0.0.1')
    expect(refused).toEqual({ allowed: false, retryAfterMs: 900_000 - 5_000 })
    now += 900_000 - 5_000 + 1 // the first failure leaves the window
    const again = limiter.begin('a@x.test', '10.0.0.1')
    expect(again.allowed).toBe(true)
    if (again.allowed) limiter.succeeded(again.attempt)
    const fresh = limiter.begin('a@x.test', '10.0.0.1')
    expect(fresh).toMatchObject({ allowed: true, delayMs: 0 })
  })

  it('refuses a client per account, slows the account for other clients without refusing them, and forgets a reset account', () => {
    let now = 1_000_000
    const limiter = new SignInLimiter(DEFAULT_AUTH_CONFIG.rateLimit, () => now)
    const fail = (client: string) => {
      const admission = limiter.begin('a@x.test', client)
      now += 10
      return admission
    }
    for (let i = 0; i < 5; i++) expect(fail('10.0.0.1').allowed).toBe(true)
    expect(fail('10.0.0.1').allowed).toBe(false)
    // Another client is let in, no slower until the account has seen more than one client's allowance.
    expect(fail('10.0.0.2')).toMatchObject({ allowed: true, delayMs: 250 })
    for (let client = 3; client < 9; client++) for (let i = 0; i < 4; i++) fail(`10.0.0.${client}`)
    expect(fail('10.0.0.99')).toMatchObject({ allowed: true, delayMs: 2_000 })
    limiter.clearAccount('a@x.test')
    expect(fail('10.0.0.1')).toMatchObject({ allowed: true, delayMs: 0 })
    // Another account that merely starts with the same characters keeps its counts.
    for (let i = 0; i < 5; i++) limiter.begin('a@x.test.evil', '10.0.0.7')
    limiter.clearAccount('a@x.test')
    expect(limiter.begin('a@x.test.evil', '10.0.0.7').allowed).toBe(false)
  })
})
