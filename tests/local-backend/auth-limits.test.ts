// The sign-in limits of /auth/v1 (brute force, password spraying, strict refresh-token reuse) and
// what keeps them from locking a staff member out. The limiter reads the backend's clock, which the
// tests move past a window instead of waiting for it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_AUTH_CONFIG } from '../../local-supabase/src/auth/config.ts'
import { SignInLimiter } from '../../local-supabase/src/auth/rate-limit.ts'
import { authRaw as raw, getUserRaw, passwordSignIn, type AuthRaw as Raw } from '../helpers/auth-raw.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

describe('auth API brute-force limits and strict refresh-token reuse', { timeout: 180_000 }, () => {
  let backend: LocalBackend
  // The real window: the tests move the backend's clock past it, so no busy machine can outlast it.
  const WINDOW_MS = 15 * 60_000

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

  /** Every failure so far leaves the window. */
  const windowPasses = () => backend.advanceClock(WINDOW_MS + 1_000)

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

    await windowPasses()
    expect((await attempt(TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200)
  })

  it('starts an account over after a successful sign-in', async () => {
    await windowPasses()
    for (let i = 0; i < 2; i++) expect((await passwordSignIn(backend, TEST_ADMIN.email, 'wrong')).status).toBe(400)
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200)
    for (let i = 0; i < 2; i++) expect((await passwordSignIn(backend, TEST_ADMIN.email, 'wrong')).status).toBe(400)
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password)).status).toBe(200)
  })

  it('refuses a client that fails across many accounts, and X-Forwarded-For does not get around it', async () => {
    await windowPasses()
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
    await windowPasses()
    expect((await passwordSignIn(backend, TEST_ADMIN.email, TEST_ADMIN.password, visitor)).status).toBe(200)
  })

  it('lets parallel bursts through no faster than the limit', async () => {
    await windowPasses()
    const burst = await Promise.all(Array.from({ length: 8 }, (_, i) => passwordSignIn(backend, TEST_ADMIN.email, `parallel-wrong-${i}`)))
    const statuses = burst.map((a) => a.status)
    expect(statuses.filter((s) => s === 400)).toHaveLength(3)
    expect(statuses.filter((s) => s === 429)).toHaveLength(5)
  })
})

describe('sign-in limits that cannot be turned against a staff member', { timeout: 240_000 }, () => {
  let backend: LocalBackend
  // The real window, which no test here waits for: each test's attempts fit in it on any machine.
  const WINDOW_MS = 15 * 60_000

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
