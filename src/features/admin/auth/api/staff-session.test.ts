// @vitest-environment happy-dom
// The guard's question, "who is this?", asked the way the admin asks it: a browser client that keeps
// its session in localStorage, against the real local backend.
import { createHmac } from 'node:crypto'
import { decodeJwt } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PERMISSIONS } from '~/entities/staff-role'
import { createBrowserClient } from '~/lib/supabase'
import { serviceDb, startBackend, TEST_ADMIN, type TestBackend } from '../../../../../tests/helpers/admin-harness'
import { getStaffSession } from './staff-session'
import { signIn } from './sign-in'
import { signOut } from './sign-out'

let backend: TestBackend

beforeAll(async () => {
  backend = await startBackend()
  const { error } = await serviceDb(backend).auth.admin.createUser({ email: 'member@test.local', password: 'member-password-1', email_confirm: true })
  if (error) throw error
})
afterAll(async () => {
  await backend?.dispose()
})
beforeEach(() => localStorage.clear())

/** A new browser client over this tab's localStorage: what a page (re)load gets. */
function browserDb() {
  return createBrowserClient({ url: backend.url, anonKey: backend.anonKey }, { persistSession: true, shared: false })
}

// HS256 by hand with node:crypto: under jsdom, jose's key checks trip over jsdom's own typed arrays.
function sign(claims: Record<string, unknown>): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const body = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`
  return `${body}.${createHmac('sha256', backend.jwtSecret).update(body).digest('base64url')}`
}

function storedSessionKey(): string {
  const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))
  if (!key) throw new Error('no stored session')
  return key
}

describe('the admin guard', () => {
  it('with no session: signed out', async () => {
    expect(await getStaffSession(browserDb())).toEqual({ kind: 'signed-out' })
  })

  it('with a non-admin session: no access (the role comes from the database), and sign-in keeps no session', async () => {
    const db = browserDb()
    expect(await signIn(db, 'member@test.local', 'member-password-1')).toEqual({ kind: 'no-access' })
    expect(await getStaffSession(db)).toEqual({ kind: 'signed-out' })
  })

  it('a non-admin whose token claims an admin role in its metadata still has no access', async () => {
    const db = browserDb()
    await db.auth.signInWithPassword({ email: 'member@test.local', password: 'member-password-1' })
    const { data } = await db.auth.getSession()
    const claims = decodeJwt(data.session!.access_token)
    const forged = sign({ ...claims, app_metadata: { role: 'admin', roles: ['admin'] }, user_metadata: { role: 'admin' } })
    await db.auth.setSession({ access_token: forged, refresh_token: data.session!.refresh_token })
    expect(await getStaffSession(db)).toEqual({ kind: 'no-access' })
  })

  it('with an admin session: staff, as admin with every permission', async () => {
    const db = browserDb()
    const result = await signIn(db, TEST_ADMIN.email, TEST_ADMIN.password)
    expect(result).toMatchObject({ kind: 'staff', staff: { email: TEST_ADMIN.email, role: 'admin', twoFactorRequired: false } })
    const session = await getStaffSession(db)
    expect(session.kind === 'staff' && [...session.staff.permissions].sort()).toEqual([...PERMISSIONS].sort())
  })

  it('with an editor session: staff, as editor with the content permissions only', async () => {
    const service = serviceDb(backend)
    const { data, error } = await service.auth.admin.createUser({ email: 'editor@test.local', password: 'editor-password-1', email_confirm: true })
    if (error) throw error
    expect((await service.from('staff_roles').insert({ user_id: data.user.id, role: 'editor' })).error).toBeNull()
    const result = await signIn(browserDb(), 'editor@test.local', 'editor-password-1')
    expect(result).toMatchObject({ kind: 'staff', staff: { role: 'editor' } })
    expect(result.kind === 'staff' && [...result.staff.permissions].sort()).toEqual(['content.write', 'jobs.write', 'media.write', 'posts.write', 'views.read'])
  })

  it('with an expired access token: refreshed silently, still admin, with a new token', async () => {
    const db = browserDb()
    await signIn(db, TEST_ADMIN.email, TEST_ADMIN.password)
    const key = storedSessionKey()
    const stored = JSON.parse(localStorage.getItem(key)!)
    const claims = decodeJwt(stored.access_token)
    const past = Math.floor(Date.now() / 1000) - 60
    const expired = sign({ ...claims, iat: past - 3600, exp: past })
    localStorage.setItem(key, JSON.stringify({ ...stored, access_token: expired, expires_at: past }))

    // A reloaded page starts from what is stored.
    expect(await getStaffSession(browserDb())).toMatchObject({ kind: 'staff' })
    const renewed = JSON.parse(localStorage.getItem(key)!)
    expect(renewed.access_token).not.toBe(expired)
    expect(renewed.expires_at).toBeGreaterThan(Date.now() / 1000)
  })

  it('with an expired token that cannot be refreshed: signed out', async () => {
    const db = browserDb()
    await signIn(db, TEST_ADMIN.email, TEST_ADMIN.password)
    const key = storedSessionKey()
    const stored = JSON.parse(localStorage.getItem(key)!)
    const past = Math.floor(Date.now() / 1000) - 60
    // The server ends the session (as a sign-out elsewhere would); the stored copy is now stale.
    await fetch(`${backend.url}/auth/v1/logout?scope=local`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${stored.access_token}` },
    })
    localStorage.setItem(key, JSON.stringify({ ...stored, expires_at: past }))
    expect(await getStaffSession(browserDb())).toEqual({ kind: 'signed-out' })
  })

  it('logout ends the session on the server', async () => {
    const db = browserDb()
    await signIn(db, TEST_ADMIN.email, TEST_ADMIN.password)
    const { data } = await db.auth.getSession()
    await signOut(db)
    expect(await getStaffSession(db)).toEqual({ kind: 'signed-out' })
    const refresh = await fetch(`${backend.url}/auth/v1/token?grant_type=refresh_token`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: data.session!.refresh_token }),
    })
    expect(refresh.status).toBe(400)
  })
})
