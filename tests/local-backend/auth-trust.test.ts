// What a password, a mailbox guess or a crafted link cannot do on the local auth API, through the
// real supabase-js client and plain HTTP: recovery and invitation links land only on their own
// pages; a password-only session of a two-factor account changes neither password nor address; the
// e-mailed code stops working after a few wrong tries on the account; the log never shows a link;
// secure password change asks for the e-mailed nonce; addresses are checked as GoTrue checks them.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { readMailbox, type StoredMail } from '../../local-supabase/src/mail/mailbox.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'
import { totpCode } from '../helpers/totp.ts'

const PASSWORD = 'a-long-staff-password-1'
const SITE = 'http://localhost:3000'
const DEV_SERVER = 'http://localhost:5173'

let backend: LocalBackend
let service: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackend({
    SITE_URL: SITE,
    URI_ALLOW_LIST: `${DEV_SERVER}/**`,
    // Every password change asks for the e-mailed nonce, however fresh the session.
    AUTH_SECURE_PASSWORD_CHANGE: '1',
    AUTH_REAUTHENTICATION_AFTER_S: '0',
  })
  service = backend.service()
}, 300_000)

afterAll(async () => {
  await backend?.dispose()
})

async function signedIn(email: string, address: string, password = PASSWORD): Promise<SupabaseClient> {
  const client = backend.clientFrom(address)
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return client
}

/** The files of every message written so far. */
async function mailFiles(): Promise<Set<string>> {
  return new Set((await readMailbox(backend.dataDir, 10_000)).map((mail) => mail.file))
}

/** The newest message to `to` that is not among `earlier` (mail goes out after the answer). */
async function mailTo(to: string, earlier = new Set<string>()): Promise<StoredMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await readMailbox(backend.dataDir, 200)).find((mail) => mail.to.includes(to) && !earlier.has(mail.file))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no e-mail to ${to}`)
}

/** Where the e-mailed link sends a browser, without following it. */
async function landing(link: string): Promise<URL> {
  const answer = await fetch(link, { redirect: 'manual' })
  expect(answer.status).toBe(303)
  return new URL(answer.headers.get('location')!)
}

const verifyLink = (mail: StoredMail) => mail.links.find((link) => link.includes('/auth/v1/verify?'))!

describe('where recovery and invitation links land', () => {
  it('sends a recovery link only to the recovery page, whatever path or origin redirect_to names', async () => {
    const email = 'land-recovery@test.local'
    await backend.createUser(email, PASSWORD)
    const asked = [`${SITE}/go/somewhere-else`, 'http://127.0.0.1:4000/admin/reset', 'https://evil.example/admin/reset', `${DEV_SERVER}/blog`]
    const landed: string[] = []
    for (const [index, redirectTo] of asked.entries()) {
      const earlier = await mailFiles()
      const client = backend.clientFrom(`192.0.2.${20 + index}`)
      expect((await client.auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull()
      const at = await landing(verifyLink(await mailTo(email, earlier)))
      expect(new URLSearchParams(at.hash.slice(1)).get('access_token')).toBeTruthy()
      landed.push(`${at.origin}${at.pathname}${at.search}`)
    }
    expect(landed).toEqual([`${SITE}/admin/reset`, `${SITE}/admin/reset`, `${SITE}/admin/reset`, `${DEV_SERVER}/admin/reset`])
  })

  it('re-checks the redirect of the link itself: an edited redirect_to still lands on the page', async () => {
    const email = 'land-edited@test.local'
    await backend.createUser(email, PASSWORD)
    const link = await service.auth.admin.generateLink({ type: 'recovery', email })
    const edited = new URL(link.data.properties!.action_link)
    edited.searchParams.set('redirect_to', `${SITE}/go/off-site`)
    const at = await landing(edited.toString())
    expect(`${at.origin}${at.pathname}`).toBe(`${SITE}/admin/reset`)
  })

  it('sends an invitation only to the welcome page', async () => {
    const email = 'land-invite@test.local'
    const invited = await service.auth.admin.inviteUserByEmail(email, { redirectTo: `${SITE}/go/somewhere-else` })
    expect(invited.error).toBeNull()
    const at = await landing(verifyLink(await mailTo(email)))
    expect(`${at.origin}${at.pathname}`).toBe(`${SITE}/admin/welcome`)
    expect(new URLSearchParams(at.hash.slice(1)).get('type')).toBe('invite')
  })
})

describe('a password-only session of a two-factor account', () => {
  it('can neither set a password nor change the address (401 insufficient_aal); an aal2 session gets past that check', async () => {
    const email = 'aal-owner@test.local'
    await backend.createUser(email, PASSWORD)
    const owner = await signedIn(email, '192.0.2.40')
    const enrolled = await owner.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    if (enrolled.error) throw enrolled.error
    const verified = await owner.auth.mfa.challengeAndVerify({ factorId: enrolled.data.id, code: totpCode(enrolled.data.totp.secret) })
    expect(verified.error).toBeNull()

    const thief = await signedIn(email, '192.0.2.41')
    const password = await thief.auth.updateUser({ password: 'the-thief-chose-this-1' })
    expect([password.error?.status, password.error?.code]).toEqual([401, 'insufficient_aal'])
    const address = await thief.auth.updateUser({ email: 'thief@test.local' })
    expect([address.error?.status, address.error?.code]).toEqual([401, 'insufficient_aal'])
    await signedIn(email, '192.0.2.42')

    // The owner, at aal2, passes this check (and then secure password change asks for the nonce).
    const ownChange = await owner.auth.updateUser({ password: 'the-owner-chose-this-1' })
    expect(ownChange.error?.code).toBe('reauthentication_needed')
  })

  it('refuses a password shorter than the project minimum (12) with weak_password, from a person and an admin', async () => {
    const email = 'short-password@test.local'
    const id = await backend.createUser(email, PASSWORD)
    const person = await signedIn(email, '192.0.2.43')
    const own = await person.auth.updateUser({ password: '12345678' })
    expect([own.error?.status, own.error?.code]).toEqual([422, 'weak_password'])
    const byAdmin = await service.auth.admin.updateUserById(id, { password: '12345678' })
    expect(byAdmin.error?.code).toBe('weak_password')
    const created = await service.auth.admin.createUser({ email: 'short-new@test.local', password: '12345678901', email_confirm: true })
    expect(created.error?.code).toBe('weak_password')
  })
})

describe('secure password change', () => {
  it('sets a new password only with the nonce GET /reauthenticate e-mailed; wrong nonces run out', async () => {
    const email = 'reauth@test.local'
    await backend.createUser(email, PASSWORD)
    const person = await signedIn(email, '192.0.2.44')
    const without = await person.auth.updateUser({ password: 'a-new-password-here-1' })
    expect([without.error?.status, without.error?.code]).toEqual([400, 'reauthentication_needed'])

    const earlier = await mailFiles()
    expect((await person.auth.reauthenticate()).error).toBeNull()
    const again = await person.auth.reauthenticate()
    expect(again.error?.code).toBe('over_email_send_rate_limit')
    const sent = await readFile((await mailTo(email, earlier)).file, 'utf8')
    const nonce = /Enter the code: (\d{6})/.exec(sent)![1]
    const wrong = await person.auth.updateUser({ password: 'a-new-password-here-1', nonce: nonce === '000000' ? '000001' : '000000' })
    expect([wrong.error?.status, wrong.error?.code]).toEqual([422, 'reauthentication_not_valid'])
    expect((await person.auth.updateUser({ password: 'a-new-password-here-1', nonce })).error).toBeNull()
    await signedIn(email, '192.0.2.45', 'a-new-password-here-1')
  })
})

describe('e-mailed codes', () => {
  it('stops taking the code after wrong guesses on the account, from whatever addresses; the link still works', async () => {
    const email = 'guessed@test.local'
    await backend.createUser(email, PASSWORD)
    const link = await service.auth.admin.generateLink({ type: 'recovery', email })
    const real = link.data.properties!.email_otp
    let wrongAnswers = 0
    for (let guess = 0; guess < 120; guess++) {
      const tried = String((Number(real) + 1 + guess) % 1_000_000).padStart(6, '0')
      const answer = await backend.clientFrom(`203.0.113.${1 + Math.floor(guess / 20)}`).auth.verifyOtp({ email, token: tried, type: 'recovery' })
      if (answer.error?.code === 'otp_expired') wrongAnswers++
    }
    expect(wrongAnswers).toBe(120)
    const withReal = await backend.clientFrom('203.0.113.50').auth.verifyOtp({ email, token: real, type: 'recovery' })
    expect(withReal.error?.code).toBe('otp_expired')
    const byLink = await backend.clientFrom('203.0.113.51').auth.verifyOtp({ token_hash: link.data.properties!.hashed_token, type: 'recovery' })
    expect(byLink.error).toBeNull()
  })

  it('puts a token in the link that cannot be worked out from the address and the code', async () => {
    const email = 'derived@test.local'
    await backend.createUser(email, PASSWORD)
    const link = await service.auth.admin.generateLink({ type: 'recovery', email })
    const derived = createHash('sha224')
      .update(email + link.data.properties!.email_otp)
      .digest('hex')
    const answer = await backend.clientFrom('203.0.113.60').auth.verifyOtp({ token_hash: derived, type: 'recovery' })
    expect(answer.error?.code).toBe('otp_expired')
  })
})

describe('the server log', () => {
  it('never shows a recovery or invitation link, nor its code', async () => {
    const email = 'logged@test.local'
    await backend.createUser(email, PASSWORD)
    await backend.clientFrom('192.0.2.60').auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/admin/reset` })
    const recovery = await mailTo(email)
    await service.auth.admin.inviteUserByEmail('logged-invite@test.local')
    const invitation = await mailTo('logged-invite@test.local')
    // The backend logs each e-mail after saving it, the invitation last: the log holds both then.
    await vi.waitFor(() => expect(backend.output()).toContain('E-mail to logged-invite@test.local'), { timeout: 5000, interval: 20 })
    const output = backend.output()
    expect(output).toContain('logged@test.local')
    for (const link of [verifyLink(recovery), verifyLink(invitation)]) {
      expect(output).not.toContain(new URL(link).searchParams.get('token'))
    }
  })
})

describe('e-mail addresses', () => {
  it('refuses what GoTrue refuses: two addresses in one, spaces, quotes, no domain', async () => {
    for (const email of [
      'victim@test.local,attacker@evil.example',
      'victim,attacker@evil.example',
      'a b@test.local',
      '"a"@test.local',
      'nobody@',
      'a@-x.test',
    ]) {
      const invited = await service.auth.admin.inviteUserByEmail(email)
      expect([email, invited.error?.code]).toEqual([email, 'validation_failed'])
    }
    const created = await service.auth.admin.createUser({ email: 'x,y@test.local', password: PASSWORD })
    expect(created.error?.code).toBe('validation_failed')
  })
})

describe('GoTrue parity', () => {
  it('takes a supabase_admin token on the admin API, as GoTrue does', async () => {
    const token = await new SignJWT({ role: 'supabase_admin' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(backend.keys.jwtSecret))
    const answer = await fetch(`${backend.url}/auth/v1/admin/users?per_page=1`, {
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}` },
    })
    expect(answer.status).toBe(200)
    const anon = await fetch(`${backend.url}/auth/v1/admin/users`, {
      headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${backend.keys.anonKey}` },
    })
    expect(anon.status).toBe(403)
  })

  it('lists the e-mail identity on the user, and lets an admin change the address', async () => {
    const id = await backend.createUser('identity-old@test.local', PASSWORD)
    const { data } = await service.auth.admin.getUserById(id)
    expect(data.user?.identities?.map((identity) => [identity.provider, identity.identity_data?.email])).toEqual([['email', 'identity-old@test.local']])

    const moved = await service.auth.admin.updateUserById(id, { email: 'Identity-New@test.local' })
    expect(moved.error).toBeNull()
    expect(moved.data.user?.email).toBe('identity-new@test.local')
    await signedIn('identity-new@test.local', '192.0.2.70')
    await backend.createUser('identity-other@test.local', PASSWORD)
    const taken = await service.auth.admin.updateUserById(id, { email: 'identity-other@test.local' })
    expect(taken.error?.code).toBe('email_exists')
  })

  it('generates sign-up and magic links, and /resend sends an unconfirmed person a new confirmation to the welcome page', async () => {
    const signup = await service.auth.admin.generateLink({ type: 'signup', email: 'signed-up@test.local', password: PASSWORD })
    expect(signup.error).toBeNull()
    expect(signup.data.properties?.verification_type).toBe('signup')
    const confirmed = await backend.clientFrom('192.0.2.71').auth.verifyOtp({ token_hash: signup.data.properties!.hashed_token, type: 'signup' })
    expect(confirmed.error).toBeNull()
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy()

    const magic = await service.auth.admin.generateLink({ type: 'magiclink', email: 'signed-up@test.local' })
    const byMagic = await backend.clientFrom('192.0.2.72').auth.verifyOtp({ token_hash: magic.data.properties!.hashed_token, type: 'magiclink' })
    expect(byMagic.error).toBeNull()

    await service.auth.admin.inviteUserByEmail('resent@test.local')
    const earlier = await mailFiles()
    const resent = await backend
      .clientFrom('192.0.2.73')
      .auth.resend({ type: 'signup', email: 'resent@test.local', options: { emailRedirectTo: `${SITE}/go/x` } })
    expect(resent.error).toBeNull()
    const at = await landing(verifyLink(await mailTo('resent@test.local', earlier)))
    expect(`${at.origin}${at.pathname}`).toBe(`${SITE}/admin/welcome`)
    expect((await backend.clientFrom('192.0.2.74').auth.resend({ type: 'signup', email: 'nobody-resent@test.local' })).error).toBeNull()
  })

  it("answers GoTrue's own errors for the features this product keeps off", async () => {
    const client = backend.clientFrom('192.0.2.75')
    expect((await client.auth.signUp({ email: 'someone@test.local', password: PASSWORD })).error?.code).toBe('signup_disabled')
    expect((await client.auth.signInAnonymously()).error?.code).toBe('anonymous_provider_disabled')
    expect((await client.auth.signInWithOtp({ phone: '+15555550100' })).error?.code).toBe('phone_provider_disabled')
    await backend.createUser('no-phone@test.local', PASSWORD)
    const person = await signedIn('no-phone@test.local', '192.0.2.76')
    const phoneFactor = await person.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' })
    expect(phoneFactor.error?.code).toBe('mfa_phone_enroll_not_enabled')
  })
})
