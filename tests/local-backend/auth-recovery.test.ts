// Password recovery, invitations, bans and the auth e-mail of the local backend, through the real
// supabase-js client: the e-mails land as .eml files in DATA_DIR/mail (no SMTP_URL), their links
// are followed as a browser would, `npm run mail` lists them, and auth.audit_log_entries records it.
import { spawn } from 'node:child_process'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { readMailbox, type StoredMail } from '../../local-supabase/src/mail/mailbox.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

const PASSWORD = 'a-long-staff-password-1'
const SITE = 'http://localhost:3000'

let backend: LocalBackend
let service: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackend({ SITE_URL: SITE })
  service = backend.service()
}, 300_000)

afterAll(async () => {
  await backend?.dispose()
})

async function signedIn(email: string, password = PASSWORD, address = '192.0.2.1'): Promise<SupabaseClient> {
  const client = backend.clientFrom(address)
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw error
  return client
}

/** The newest message to `to`, waiting for it to be written (mail goes out after the answer). */
async function mailTo(to: string): Promise<StoredMail> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const found = (await readMailbox(backend.dataDir, 100)).find((mail) => mail.to.includes(to))
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no e-mail to ${to}`)
}

/** Follows an e-mailed link as a browser would (no API key), without following the redirect. */
async function openLink(link: string): Promise<URL> {
  const answer = await fetch(link, { redirect: 'manual' })
  expect(answer.status).toBe(303)
  return new URL(answer.headers.get('location')!)
}

function fragment(url: URL): URLSearchParams {
  return new URLSearchParams(url.hash.slice(1))
}

async function sessionFrom(url: URL): Promise<SupabaseClient> {
  const params = fragment(url)
  const client = backend.clientFrom('192.0.2.50')
  const { error } = await client.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
  if (error) throw error
  return client
}

describe('password recovery on the local backend', () => {
  it('answers the same for an unknown address as for a staff member, and e-mails only the staff member', async () => {
    const email = 'recover-same@test.local'
    await backend.createUser(email, PASSWORD)
    const anon = backend.clientFrom('192.0.2.2')
    const unknown = await anon.auth.resetPasswordForEmail('nobody-here@test.local', { redirectTo: `${SITE}/admin/reset` })
    const known = await anon.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/admin/reset` })
    expect(unknown).toEqual(known)
    expect(known.error).toBeNull()

    const mail = await mailTo(email)
    expect(mail.subject).toBe('Reset your Ledgerfield Technologies back office password')
    expect(mail.links.some((link) => link.includes('/auth/v1/verify?token=') && link.includes('type=recovery'))).toBe(true)
    const all = await readMailbox(backend.dataDir, 100)
    expect(all.some((message) => message.to.includes('nobody-here@test.local'))).toBe(false)
  })

  it('builds the link from its own address, never from a forwarded host a visitor sent', async () => {
    const email = 'recover-host@test.local'
    await backend.createUser(email, PASSWORD)
    const answer = await fetch(`${backend.url}/auth/v1/recover?redirect_to=${encodeURIComponent(`${SITE}/admin/reset`)}`, {
      method: 'POST',
      headers: {
        apikey: backend.keys.anonKey,
        'content-type': 'application/json',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '192.0.2.9',
      },
      body: JSON.stringify({ email }),
    })
    expect(answer.status).toBe(200)
    const links = (await mailTo(email)).links
    expect(links.some((link) => link.startsWith(`${backend.url}/auth/v1/verify?`))).toBe(true)
    expect(links.some((link) => link.includes('evil.example'))).toBe(false)
  })

  it('signs in once through the link, redirecting with the session in the fragment; the new password ends other sessions', async () => {
    const email = 'recover-link@test.local'
    await backend.createUser(email, PASSWORD)
    const elsewhere = await signedIn(email)
    await backend.clientFrom('192.0.2.3').auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/admin/reset` })
    const link = (await mailTo(email)).links.find((candidate) => candidate.includes('/verify?'))!

    const landed = await openLink(link)
    expect(`${landed.origin}${landed.pathname}`).toBe(`${SITE}/admin/reset`)
    expect(fragment(landed).get('type')).toBe('recovery')
    expect(fragment(landed).get('access_token')).toBeTruthy()

    const spent = await openLink(link)
    expect(fragment(spent).get('error_code')).toBe('otp_expired')
    expect(fragment(spent).get('access_token')).toBeNull()

    const recovering = await sessionFrom(landed)
    const newPassword = 'a-brand-new-password-2'
    expect((await recovering.auth.updateUser({ password: newPassword })).error).toBeNull()
    expect((await elsewhere.auth.refreshSession()).error).not.toBeNull()
    expect((await recovering.auth.refreshSession()).error).toBeNull()
    await expect(signedIn(email)).rejects.toThrow(/Invalid login credentials/)
    await signedIn(email, newPassword)
  })

  it('accepts the e-mailed code or token hash once (POST /verify), and lands only on the recovery page of the site', async () => {
    const email = 'recover-code@test.local'
    await backend.createUser(email, PASSWORD)
    const link = await service.auth.admin.generateLink({ type: 'recovery', email, options: { redirectTo: 'https://evil.example/steal' } })
    expect(link.error).toBeNull()
    expect(link.data.properties?.redirect_to).toBe(`${SITE}/admin/reset`)
    const anon = backend.clientFrom('192.0.2.4')
    const byCode = await anon.auth.verifyOtp({ email, token: link.data.properties!.email_otp, type: 'recovery' })
    expect(byCode.error).toBeNull()
    expect(byCode.data.user?.email).toBe(email)
    const again = await backend.clientFrom('192.0.2.4').auth.verifyOtp({ email, token: link.data.properties!.email_otp, type: 'recovery' })
    expect(again.error?.code).toBe('otp_expired')

    const second = await service.auth.admin.generateLink({ type: 'recovery', email })
    const byHash = await backend.clientFrom('192.0.2.4').auth.verifyOtp({ token_hash: second.data.properties!.hashed_token, type: 'recovery' })
    expect(byHash.error).toBeNull()
  })

  it('refuses a link after its lifetime (an hour), read on the backend clock the test moves', async () => {
    const email = 'recover-old@test.local'
    await backend.createUser(email, PASSWORD)
    const link = await service.auth.admin.generateLink({ type: 'recovery', email })
    await backend.advanceClock(3_600_000 + 1_000)
    const answer = await fetch(link.data.properties!.action_link, { redirect: 'manual' })
    expect(new URLSearchParams(new URL(answer.headers.get('location')!).hash.slice(1)).get('error_code')).toBe('otp_expired')
    // A link sent on the moved clock is fresh: only the lifetime ended the first.
    const fresh = await service.auth.admin.generateLink({ type: 'recovery', email })
    expect((await openLink(fresh.data.properties!.action_link)).hash).toContain('access_token=')
  })
})

describe('invitations on the local backend', () => {
  it('invites by e-mail; the link lets the person choose a password and then sign in', async () => {
    const email = 'invited-editor@test.local'
    const invited = await service.auth.admin.inviteUserByEmail(email, { redirectTo: `${SITE}/admin/welcome`, data: { full_name: 'Ines Editor' } })
    expect(invited.error).toBeNull()
    expect(invited.data.user?.invited_at).toBeTruthy()
    expect(invited.data.user?.email_confirmed_at).toBeUndefined()
    await expect(signedIn(email)).rejects.toThrow()

    const mail = await mailTo(email)
    expect(mail.subject).toBe('You are invited to the Ledgerfield Technologies back office')
    const landed = await openLink(mail.links.find((candidate) => candidate.includes('type=invite'))!)
    expect(landed.pathname).toBe('/admin/welcome')
    expect(fragment(landed).get('type')).toBe('invite')

    const welcome = await sessionFrom(landed)
    expect((await welcome.auth.updateUser({ password: PASSWORD })).error).toBeNull()
    const member = await signedIn(email)
    const { data } = await member.auth.getUser()
    expect(data.user?.user_metadata.full_name).toBe('Ines Editor')

    const twice = await service.auth.admin.inviteUserByEmail(email)
    expect(twice.error?.code).toBe('email_exists')
  })
})

describe('deactivated accounts on the local backend', () => {
  it('refuses a banned person at sign-in and at refresh, ends their sessions at once, and lets them back after "none"', async () => {
    const email = 'banned@test.local'
    const id = await backend.createUser(email, PASSWORD)
    const client = await signedIn(email)
    expect((await service.auth.admin.updateUserById(id, { ban_duration: '876000h' })).error).toBeNull()

    expect((await client.auth.refreshSession()).error).not.toBeNull()
    const signIn = await backend.clientFrom('192.0.2.6').auth.signInWithPassword({ email, password: PASSWORD })
    expect(signIn.error?.code).toBe('user_banned')

    expect((await service.auth.admin.updateUserById(id, { ban_duration: 'none' })).error).toBeNull()
    await signedIn(email)
  })
})

describe('auth e-mail and audit trail', () => {
  it('names each message <UTC time>-<random>.eml, and npm run mail lists the newest with their links', async () => {
    const email = 'mail-list@test.local'
    await backend.createUser(email, PASSWORD)
    await backend.clientFrom('192.0.2.7').auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/admin/reset` })
    const mail = await mailTo(email)
    const names = await readdir(path.join(backend.dataDir, 'mail'))
    expect(names.every((name) => /^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/.test(name))).toBe(true)

    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mail.ts', '3'], {
        cwd: repoRoot,
        env: { ...process.env, DATA_DIR: backend.dataDir },
        stdio: ['ignore', 'pipe', 'inherit'],
      })
      let text = ''
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
      child.once('error', reject)
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`npm run mail exited ${code}`))))
    })
    const firstLine = output.split('\n')[0]
    expect(firstLine).toContain(`to ${email}`)
    expect(firstLine).toContain(mail.subject)
    expect(output).toContain(mail.links[0])
  })

  it('records sign-ins, refreshes, recoveries, invitations and sign-outs in auth.audit_log_entries as GoTrue does', async () => {
    const email = 'audited@test.local'
    const id = await backend.createUser(email, PASSWORD)
    const client = await signedIn(email)
    await client.auth.refreshSession()
    await client.auth.signOut()
    await backend.clientFrom('192.0.2.8').auth.resetPasswordForEmail(email)
    await backend.stop()
    const pg = await PGlite.create(path.join(backend.dataDir, 'pgdata'))
    try {
      const { rows } = await pg.query<{ action: string; actor_id: string; actor_username: string; log_type: string }>(
        `select payload->>'action' as action, payload->>'actor_id' as actor_id, payload->>'actor_username' as actor_username,
                payload->>'log_type' as log_type
         from auth.audit_log_entries order by created_at`,
      )
      const mine = rows.filter((row) => row.actor_id === id).map((row) => [row.action, row.log_type])
      expect(mine).toEqual([
        ['login', 'account'],
        ['token_refreshed', 'token'],
        ['logout', 'account'],
        ['user_recovery_requested', 'user'],
      ])
      expect(rows.some((row) => row.action === 'user_invited' && row.actor_username === 'service_role')).toBe(true)
    } finally {
      await pg.close()
      await backend.restart()
    }
  })
})
