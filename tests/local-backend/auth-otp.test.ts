// Sign-in by e-mailed link or code (supabase-js signInWithOtp) on the local backend, as GoTrue
// answers it with sign-up off: the magic_link e-mail, its link and code through /verify, the
// e-mail frequency limit, the answers for addresses with no account; and GoTrue's details of
// /verify and of the features kept off that the client suites exercise.
import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readMailbox, type StoredMail } from '../../local-supabase/src/mail/mailbox.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

const PASSWORD = 'a-long-staff-password-1'
const SITE = 'http://localhost:3000'

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend({ SITE_URL: SITE, TEST_CLOCK: '1' })
}, 300_000)

afterAll(async () => {
  await backend?.dispose()
})

async function mailFiles(): Promise<Set<string>> {
  return new Set((await readMailbox(backend.dataDir, 10_000)).map((mail) => mail.file))
}

/** The first e-mail to `to` not among `earlier`, waiting for it to be written. */
async function newMailTo(to: string, earlier: Set<string>): Promise<StoredMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await readMailbox(backend.dataDir, 200)).find((mail) => mail.to.includes(to) && !earlier.has(mail.file))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no new e-mail to ${to}`)
}

async function codeIn(mail: StoredMail): Promise<string> {
  return /enter this code: (\d{6})/.exec(await readFile(mail.file, 'utf8'))![1]
}

/** Follows an e-mailed link as a browser would (no API key), without following the redirect. */
async function landing(link: string): Promise<{ at: URL; fragment: URLSearchParams }> {
  const answer = await fetch(link, { redirect: 'manual' })
  expect(answer.status).toBe(303)
  const at = new URL(answer.headers.get('location')!)
  return { at, fragment: new URLSearchParams(at.hash.slice(1)) }
}

describe('signInWithOtp for e-mail', () => {
  it('e-mails a staff member a sign-in link (the magic_link template) that signs in once, where redirectTo asks', async () => {
    const email = 'otp-link@test.local'
    await backend.createUser(email, PASSWORD)
    const earlier = await mailFiles()
    const sent = await backend.clientFrom('192.0.2.101').auth.signInWithOtp({ email, options: { emailRedirectTo: `${SITE}/admin` } })
    expect(sent).toEqual({ data: { user: null, session: null }, error: null })

    const mail = await newMailTo(email, earlier)
    expect(mail.subject).toBe('Your Ledgerfield Technologies back office sign-in link')
    const link = mail.links.find((candidate) => candidate.includes('/verify?'))!
    expect(link).toContain('type=magiclink')
    const first = await landing(link)
    expect(`${first.at.origin}${first.at.pathname}`).toBe(`${SITE}/admin`)
    expect(first.fragment.get('type')).toBe('magiclink')
    const client = backend.clientFrom('192.0.2.102')
    const { data, error } = await client.auth.setSession({
      access_token: first.fragment.get('access_token')!,
      refresh_token: first.fragment.get('refresh_token')!,
    })
    expect(error).toBeNull()
    expect(data.user?.email).toBe(email)
    // An e-mailed link is one factor: the session is aal1, signed in by `otp`.
    const claims = (await client.auth.getClaims()).data?.claims
    expect(claims).toMatchObject({ aal: 'aal1', amr: [{ method: 'otp' }] })

    const again = await landing(link)
    expect(again.fragment.get('error_code')).toBe('otp_expired')
  })

  it("takes the e-mailed code with verifyOtp, once, and refuses a wrong one with GoTrue's message", async () => {
    const email = 'otp-code@test.local'
    await backend.createUser(email, PASSWORD)
    const earlier = await mailFiles()
    const client = backend.clientFrom('192.0.2.103')
    expect((await client.auth.signInWithOtp({ email, options: { shouldCreateUser: false } })).error).toBeNull()
    const code = await codeIn(await newMailTo(email, earlier))

    const wrong = await client.auth.verifyOtp({ email, token: code === '000000' ? '000001' : '000000', type: 'email' })
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
    const right = await client.auth.verifyOtp({ email, token: code, type: 'email' })
    expect(right.error).toBeNull()
    expect(right.data.session?.user.email).toBe(email)
    expect((await client.auth.verifyOtp({ email, token: code, type: 'email' })).error?.code).toBe('otp_expired')
  })

  it('sends at most one sign-in e-mail per max_frequency (a minute) to an account, as GoTrue', async () => {
    const email = 'otp-often@test.local'
    await backend.createUser(email, PASSWORD)
    const client = backend.clientFrom('192.0.2.104')
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull()
    const soon = await client.auth.signInWithOtp({ email })
    expect(soon.error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' })
    expect(soon.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/)
    await backend.advanceClock(61_000)
    expect((await client.auth.signInWithOtp({ email })).error).toBeNull()
  })

  it('answers an address with no account as GoTrue with sign-up off, and e-mails nobody', async () => {
    const client = backend.clientFrom('192.0.2.105')
    const earlier = await mailFiles()
    const signUp = await client.auth.signInWithOtp({ email: 'otp-nobody@test.local' })
    expect(signUp.error).toMatchObject({ status: 422, code: 'signup_disabled', message: 'Signups not allowed for this instance' })
    const noCreate = await client.auth.signInWithOtp({ email: 'otp-nobody@test.local', options: { shouldCreateUser: false } })
    expect(noCreate.error).toMatchObject({ status: 422, code: 'otp_disabled', message: 'Signups not allowed for otp' })
    // An invitation not yet accepted is an account GoTrue would sign up again: refused too.
    await backend.service().auth.admin.inviteUserByEmail('otp-invited@test.local')
    expect((await client.auth.signInWithOtp({ email: 'otp-invited@test.local' })).error?.code).toBe('signup_disabled')
    const sent = [...(await mailFiles())].filter((file) => !earlier.has(file))
    const mails = (await readMailbox(backend.dataDir, 10_000)).filter((mail) => sent.includes(mail.file))
    expect(mails.map((mail) => mail.to).filter((to) => to.includes('otp-nobody'))).toEqual([])
  })

  it('records the request and the sign-in in the audit trail', async () => {
    const email = 'otp-audit@test.local'
    const id = await backend.createUser(email, PASSWORD)
    const earlier = await mailFiles()
    expect((await backend.clientFrom('192.0.2.106').auth.signInWithOtp({ email })).error).toBeNull()
    const link = (await newMailTo(email, earlier)).links.find((candidate) => candidate.includes('/verify?'))!
    await landing(link)
    await backend.stop()
    const db = await PGlite.create(`${backend.dataDir}/pgdata`)
    try {
      const { rows } = await db.query<{ action: string }>(
        `select payload->>'action' as action from auth.audit_log_entries where payload->>'actor_id' = $1 order by created_at`,
        [id],
      )
      expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['user_recovery_requested', 'login']))
    } finally {
      await db.close()
      await backend.restart()
    }
  })
})

describe("GoTrue's details the client suites check", () => {
  it('validates a phone on /verify and finds no code sent to one, phone sign-in being off', async () => {
    const client = backend.clientFrom('192.0.2.107')
    const malformed = await client.auth.verifyOtp({ phone: '15555550123-invalid', token: '123456', type: 'sms' })
    expect(malformed.error).toMatchObject({ status: 400, message: 'Invalid phone number format (E.164 required)' })
    const unknown = await client.auth.verifyOtp({ phone: '+15555550123', token: '123456', type: 'phone_change' })
    expect(unknown.error).toMatchObject({ status: 403, code: 'otp_expired', message: 'Token has expired or is invalid' })
  })

  it("refuses linking identities (manual linking off) and ID tokens (no OAuth provider) with GoTrue's errors", async () => {
    const email = 'identities@test.local'
    await backend.createUser(email, PASSWORD)
    const person = backend.clientFrom('192.0.2.108')
    expect((await person.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull()
    const link = await person.auth.linkIdentity({ provider: 'google', options: { skipBrowserRedirect: true } })
    expect(link.error).toMatchObject({ status: 404, code: 'manual_linking_disabled', message: 'Manual linking is disabled' })
    const identities = (await person.auth.getUserIdentities()).data?.identities ?? []
    const unlink = await person.auth.unlinkIdentity(identities[0])
    expect(unlink.error).toMatchObject({ status: 404, code: 'manual_linking_disabled' })

    const idToken = await backend.clientFrom('192.0.2.109').auth.signInWithIdToken({ provider: 'google', token: 'not-a-real-token' })
    expect(idToken.error).toMatchObject({ status: 400, code: 'provider_disabled', message: 'Provider (issuer "https://accounts.google.com") is not enabled' })
  })
})
