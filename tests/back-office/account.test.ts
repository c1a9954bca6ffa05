// The signed-out and own-account flows of the back office through their data functions, with real
// supabase-js against the real local backend: accepting an invitation, recovering a password,
// changing it, and two-factor from set-up to sign-in with codes from a real TOTP library.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sessionFromLink } from '../../src/features/admin/auth/api/accept-link'
import { getStaffSession } from '../../src/features/admin/auth/api/staff-session'
import { changePassword, requestPasswordReset, setNewPassword } from '../../src/features/admin/auth/api/passwords'
import { signIn } from '../../src/features/admin/auth/api/sign-in'
import { listAuthenticators, removeAuthenticator, startEnrollment, verifyCode, type Enrollment } from '../../src/features/admin/auth/api/two-factor'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { authLinkMailedTo } from '../helpers/mail'
import { TOTP_STEP_MS, totpCode } from '../helpers/totp'

let backend: LocalBackend
let service: Db
let people = 0
const SITE = 'http://localhost:3000'

beforeAll(async () => {
  // Every test here signs in from one address: GoTrue's per-client limit on two-factor calls (15 a
  // minute) is raised so that the file's own calls never reach it.
  backend = await startLocalBackend({ AUTH_MFA_RATE_PER_MINUTE: '60' })
  service = backend.service() as unknown as Db
  // A loaded machine can take minutes to start a backend (and build the site).
}, 300_000)
afterAll(async () => {
  await backend?.dispose()
})

const client = () => backend.anon() as unknown as Db

async function editor(password = 'an-editor-password-1') {
  const email = `staff${++people}@test.local`
  const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true })
  if (error) throw error
  expect((await service.from('staff_roles').insert({ user_id: data.user.id, role: 'editor' })).error).toBeNull()
  return { id: data.user.id, email, password }
}

/** Follows an e-mailed link as a browser does: Supabase Auth answers with a redirect to the page. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBeGreaterThanOrEqual(300)
  return new URL(response.headers.get('location')!)
}

/** The code the app shows now, as the backend's clock reads. */
const code = (secret: string) => totpCode(secret, backend.now())
/** The next 30-second step, on the backend's clock: each code works once. */
const nextStep = () => backend.advanceClock(TOTP_STEP_MS)

describe('an invitation', () => {
  it('opens /admin/welcome with a session once; the chosen password then signs in', async () => {
    const email = `invited${++people}@test.local`
    const invited = await service.auth.admin.inviteUserByEmail(email, { redirectTo: `${SITE}/admin/welcome` })
    expect(invited.error).toBeNull()
    await service.from('staff_roles').insert({ user_id: invited.data.user!.id, role: 'editor' })
    const link = await authLinkMailedTo(backend.dataDir, email)
    const landing = await follow(link)
    expect(landing.pathname).toBe('/admin/welcome')

    const db = client()
    expect(await sessionFromLink(db, landing, 'invite')).toEqual({ kind: 'ready', email, needsCode: false })
    await setNewPassword(db, 'the-chosen-password')
    expect(await signIn(client(), email, 'the-chosen-password')).toMatchObject({ kind: 'staff', staff: { email, role: 'editor' } })

    // Used once: the same link now lands without a session.
    expect(await sessionFromLink(client(), await follow(link), 'invite')).toEqual({ kind: 'invalid' })
  })
})

describe('password recovery', () => {
  it('answers an unknown address like a known one, and the link sets a password that ends other sessions', async () => {
    const person = await editor()
    const elsewhere = client()
    await elsewhere.auth.signInWithPassword({ email: person.email, password: person.password })
    const { data: before } = await elsewhere.auth.getSession()

    await expect(requestPasswordReset(client(), 'nobody@test.local', `${SITE}/admin/reset`)).resolves.toBeUndefined()
    await expect(requestPasswordReset(client(), person.email, `${SITE}/admin/reset`)).resolves.toBeUndefined()
    const landing = await follow(await authLinkMailedTo(backend.dataDir, person.email))
    expect(landing.pathname).toBe('/admin/reset')

    const db = client()
    expect(await sessionFromLink(db, landing, 'recovery')).toEqual({ kind: 'ready', email: person.email, needsCode: false })
    await setNewPassword(db, 'a-brand-new-password')
    expect(await signIn(client(), person.email, 'a-brand-new-password')).toMatchObject({ kind: 'staff' })
    expect(await signIn(client(), person.email, person.password)).toEqual({ kind: 'failed' })
    const refreshed = await elsewhere.auth.refreshSession({ refresh_token: before.session!.refresh_token })
    expect(refreshed.error).not.toBeNull()
  })
})

describe('password recovery with two-factor', () => {
  it('asks for a code from the authenticator: without it or with a wrong one the password stays', async () => {
    const person = await editor()
    const own = client()
    await own.auth.signInWithPassword({ email: person.email, password: person.password })
    const app = (await startEnrollment(own, 'Phone')) as Enrollment
    expect(await verifyCode(own, app.factorId, code(app.secret))).toBe(true)

    await requestPasswordReset(client(), person.email, `${SITE}/admin/reset`)
    const db = client()
    expect(await sessionFromLink(db, await follow(await authLinkMailedTo(backend.dataDir, person.email)), 'recovery')).toEqual({
      kind: 'ready',
      email: person.email,
      needsCode: true,
    })
    // The link's session alone (a password-only level) may not set a password.
    await expect(setNewPassword(db, 'a-recovered-password')).rejects.toThrow()
    expect(await setNewPassword(db, 'a-recovered-password', '000000')).toBe('wrong-code')
    expect(await signIn(client(), person.email, person.password)).toEqual({ kind: 'needs-code' })

    await nextStep()
    expect(await setNewPassword(db, 'a-recovered-password', code(app.secret))).toBe('set')
    expect(await signIn(client(), person.email, 'a-recovered-password')).toEqual({ kind: 'needs-code' })
  })
})

describe('changing one’s password', () => {
  it('needs the current password, and keeps this session', async () => {
    const person = await editor()
    const db = client()
    await db.auth.signInWithPassword({ email: person.email, password: person.password })
    expect(await changePassword(db, client(), 'not-the-password', 'another-long-password')).toBe('wrong-current')
    expect(await signIn(client(), person.email, person.password)).toMatchObject({ kind: 'staff' })

    expect(await changePassword(db, client(), person.password, 'another-long-password')).toBe('changed')
    expect(await signIn(client(), person.email, 'another-long-password')).toMatchObject({ kind: 'staff' })
    expect(await getStaffSession(db)).toMatchObject({ kind: 'staff' })
  })
})

describe('two-factor', () => {
  it('set up with a first code; sign-in then needs a code; at most two; removing one needs a code', async () => {
    const person = await editor()
    const db = client()
    await db.auth.signInWithPassword({ email: person.email, password: person.password })
    const first = (await startEnrollment(db, 'Work phone')) as Enrollment
    expect(first.qrCode).toMatch(/^data:image\/svg\+xml/)
    expect(await verifyCode(db, first.factorId, '000000')).toBe(false)
    expect(await verifyCode(db, first.factorId, code(first.secret))).toBe(true)
    expect((await listAuthenticators(db)).map((factor) => factor.name)).toEqual(['Work phone'])
    expect(await getStaffSession(db)).toMatchObject({ kind: 'staff' })

    const second = (await startEnrollment(db, 'Spare phone')) as Enrollment
    await nextStep()
    expect(await verifyCode(db, second.factorId, code(second.secret))).toBe(true)
    expect(await startEnrollment(db, 'Third phone')).toBe('limit')

    // A new sign-in stops at the code.
    const later = client()
    expect(await signIn(later, person.email, person.password)).toEqual({ kind: 'needs-code' })
    expect(await getStaffSession(later)).toEqual({ kind: 'needs-code' })
    await nextStep()
    expect(await verifyCode(later, first.factorId, code(first.secret))).toBe(true)
    const { data: level } = await later.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level?.currentLevel).toBe('aal2')
    expect(await getStaffSession(later)).toMatchObject({ kind: 'staff' })

    // Removing needs a fresh code from an app; a wrong one removes nothing.
    expect(await removeAuthenticator(later, second.factorId, first.factorId, '000000')).toBe(false)
    expect(await listAuthenticators(later)).toHaveLength(2)
    await nextStep()
    expect(await removeAuthenticator(later, second.factorId, first.factorId, code(first.secret))).toBe(true)
    expect((await listAuthenticators(later)).map((factor) => factor.name)).toEqual(['Work phone'])
  })
})
