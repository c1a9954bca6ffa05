// A change of address as GoTrue does it, through the real supabase-js client against the local auth
// API: auth.updateUser({ email }) e-mails a link to the new address and (double confirmation) to the
// current one; the address moves only once both are followed, by link or by code; an admin's
// generate_link makes the same links; an address another account holds is refused.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, type StoredMail } from '../../local-supabase/src/mail/mailbox.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

const PASSWORD = 'a-long-staff-password-1'
const SITE = 'http://localhost:3000'
const ACCEPTED = 'Confirmation link accepted. Please proceed to confirm link sent to the other email'

let backend: LocalBackend
let service: SupabaseClient
let people = 0

beforeAll(async () => {
  backend = await startLocalBackend({ SITE_URL: SITE })
  service = backend.service()
}, 300_000)

afterAll(async () => {
  await backend?.dispose()
})

/** A new account, signed in from its own client address. */
async function person(): Promise<{ email: string; client: SupabaseClient }> {
  const email = `mover${++people}@test.local`
  await backend.createUser(email, PASSWORD)
  const client = backend.clientFrom(`192.0.2.${100 + people}`)
  const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD })
  if (error) throw error
  return { email, client }
}

/** The newest e-mail to `to` (it is written after the answer). */
async function mailTo(to: string): Promise<StoredMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await readMailbox(backend.dataDir, 200)).find((mail) => mail.to.includes(to))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no e-mail to ${to}`)
}

const verifyLink = (mail: StoredMail) => mail.links.find((link) => link.includes('/auth/v1/verify?'))!

/** The fragment the e-mailed link's redirect carries, without following it. */
async function follow(link: string): Promise<URLSearchParams> {
  const answer = await fetch(link, { redirect: 'manual' })
  expect(answer.status).toBe(303)
  return new URLSearchParams(new URL(answer.headers.get('location')!).hash.slice(1))
}

const addressOf = async (email: string) => (await service.auth.admin.listUsers()).data.users.find((u) => u.email === email || u.new_email === email)

describe('a change of address by e-mailed links', () => {
  it('moves the address only once the links to both the new and the current address are followed', async () => {
    const { email, client } = await person()
    const next = `moved${people}@test.local`
    const asked = await client.auth.updateUser({ email: next })
    expect(asked.error).toBeNull()
    expect(asked.data.user).toMatchObject({ email, new_email: next })

    const toNew = await mailTo(next)
    const toCurrent = await mailTo(email)
    expect(toNew.subject).toBe(toCurrent.subject)
    expect(verifyLink(toNew)).toContain('type=email_change')
    expect(verifyLink(toNew)).not.toBe(verifyLink(toCurrent))

    // The first link followed: the address waits for the other.
    expect((await follow(verifyLink(toNew))).get('message')).toBe(ACCEPTED)
    expect((await addressOf(email))?.email).toBe(email)
    // The second: the address moves and the browser is signed in.
    const done = await follow(verifyLink(toCurrent))
    expect(done.get('access_token')).toBeTruthy()
    expect(done.get('type')).toBe('email_change')
    const moved = await addressOf(next)
    expect(moved).toMatchObject({ email: next })
    expect(moved?.new_email).toBeUndefined()

    const fresh = backend.clientFrom('192.0.2.200')
    expect((await fresh.auth.signInWithPassword({ email: next, password: PASSWORD })).error).toBeNull()
    expect((await fresh.auth.signInWithPassword({ email, password: PASSWORD })).error?.code).toBe('invalid_credentials')
    // A spent link does nothing again.
    expect((await follow(verifyLink(toCurrent))).get('error_code')).toBe('otp_expired')
  })

  it('takes the codes with verifyOtp({ type: "email_change" }) instead of the links, and refuses a wrong one', async () => {
    const { email } = await person()
    const next = `coded${people}@test.local`
    // The codes as an admin's generate_link hands them out (the project's e-mails carry the links).
    const current = await service.auth.admin.generateLink({ type: 'email_change_current', email, newEmail: next })
    const fresh = await service.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: next })
    const newCode = fresh.data.properties!.email_otp
    expect(newCode).toMatch(/^\d{6}$/)

    const verifier = backend.clientFrom('192.0.2.201')
    const wrong = await verifier.auth.verifyOtp({ type: 'email_change', email: next, token: newCode === '000000' ? '111111' : '000000' })
    expect(wrong.error?.code).toBe('otp_expired')
    const first = await verifier.auth.verifyOtp({ type: 'email_change', email: next, token: newCode })
    expect(first.error).toBeNull()
    expect(first.data.session).toBeNull()
    const second = await verifier.auth.verifyOtp({ type: 'email_change', email, token: current.data.properties!.email_otp })
    expect(second.error).toBeNull()
    expect(second.data.session?.user.email).toBe(next)
  })

  it('refuses an address another account holds (422 email_exists) and a second request within a minute (429)', async () => {
    const { client } = await person()
    const other = await person()
    const taken = await client.auth.updateUser({ email: other.email })
    expect([taken.error?.status, taken.error?.code]).toEqual([422, 'email_exists'])
    expect((await client.auth.updateUser({ email: `first${people}@test.local` })).error).toBeNull()
    const again = await client.auth.updateUser({ email: `second${people}@test.local` })
    expect([again.error?.status, again.error?.code]).toEqual([429, 'over_email_send_rate_limit'])
  })

  it('mails a waiting change again on /resend (once a minute), and answers {} for an address with none', async () => {
    const { email, client } = await person()
    const visitor = backend.clientFrom('192.0.2.202')
    expect((await visitor.auth.resend({ type: 'email_change', email })).error).toBeNull()
    expect((await client.auth.updateUser({ email: `resent${people}@test.local` })).error).toBeNull()
    const soon = await visitor.auth.resend({ type: 'email_change', email })
    expect([soon.error?.status, soon.error?.code]).toEqual([429, 'over_email_send_rate_limit'])
  })
})

describe('generate_link of an e-mail change', () => {
  it('gives the admin the links of both addresses, which move the address as the e-mails would', async () => {
    const { email } = await person()
    const next = `admin-moved${people}@test.local`
    const current = await service.auth.admin.generateLink({ type: 'email_change_current', email, newEmail: next })
    expect(current.error).toBeNull()
    expect(current.data.properties).toMatchObject({ verification_type: 'email_change_current' })
    const fresh = await service.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: next })
    expect(fresh.error).toBeNull()
    expect(fresh.data.user).toMatchObject({ email, new_email: next })

    expect((await follow(fresh.data.properties!.action_link)).get('message')).toBe(ACCEPTED)
    expect((await follow(current.data.properties!.action_link)).get('access_token')).toBeTruthy()
    expect(await addressOf(next)).toMatchObject({ email: next })
  })

  it('refuses a new address another account holds', async () => {
    const { email } = await person()
    const other = await person()
    const refused = await service.auth.admin.generateLink({ type: 'email_change_new', email, newEmail: other.email })
    expect(refused.error?.code).toBe('email_exists')
  })
})
