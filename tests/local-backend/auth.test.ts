// /auth/v1 of the local backend through the real supabase-js client (and plain fetch where the
// exact GoTrue response matters): sign-in, refresh rotation, sign-out, forged tokens, the admin
// API, the first admin and `npm run admin:create` (the sign-in limits: auth-limits.test.ts).
import { spawn } from 'node:child_process'
import type { SupabaseClient } from '@supabase/supabase-js'
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { authRaw as raw, getUserRaw, passwordSignIn } from '../helpers/auth-raw.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { freePort } from '../../scripts/lib/free-port.ts'

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
      env: { ...process.env, SUPABASE_URL: '', SUPABASE_SECRET_KEY: '', SUPABASE_SERVICE_ROLE_KEY: '', ...env },
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

describe('auth API (default settings)', () => {
  let backend: LocalBackend

  beforeAll(async () => {
    // Supabase's bcrypt cost: a test here checks how long a refused sign-in takes.
    backend = await startLocalBackend({ TEST_QUICK_HASH: '0' })
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
    expect(noKey.stderr).toContain('set SUPABASE_SECRET_KEY')
    const hosted = await runAdminCreate(['--email', 'third.admin@test.local', '--password', 'third-admin-password'], {
      ...hostedEnv,
      SUPABASE_SECRET_KEY: backend.keys.secretKey,
    })
    expect(hosted.code).toBe(0)
    const thirdAdmin = await signedIn('third.admin@test.local', 'third-admin-password')
    expect((await thirdAdmin.rpc('is_admin')).data).toBe(true)
    // The legacy name still works for an install configured before.
    const legacy = await runAdminCreate(['--email', 'fourth.admin@test.local', '--password', 'fourth-admin-password'], {
      ...hostedEnv,
      SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey,
    })
    expect(legacy.code).toBe(0)
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
