// New-lead e-mails from the running web server, through the mail outbox: a contact message becomes
// an e-mail to the sales address that names the lead and links to it in the back office; a mail
// server that refuses does not touch the visitor's submission, and the e-mail it owed stays queued
// with its error. (Newsletter confirmations, through the same outbox: newsletter.test.ts.)
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let dataDir: string

beforeAll(async () => {
  backend = await startLocalBackend()
  dataDir = await mkdtemp(path.join(tmpdir(), 'lead-mail-'))
  const { error } = await backend.service().from('site_settings').update({ value: 'sales@example.test' }).eq('key', 'lead_notify_sales_email')
  expect(error).toBeNull()
})

afterAll(async () => {
  await backend?.dispose()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

const mailDir = () => path.join(dataDir, 'mail')

// Rounds run every 5 s; a loaded machine can take much longer to reach the first.
async function mailFor(text: string, timeoutMs = 90_000): Promise<string> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const names = await readdir(mailDir()).catch(() => [] as string[])
    for (const name of names) {
      const content = await readFile(path.join(mailDir(), name), 'utf8')
      if (content.includes(text)) {
        expect(name).toMatch(/^\d{8}T\d{9}Z-[0-9a-f]{8}\.eml$/)
        // The body is quoted-printable: soft line breaks and =XX escapes undone.
        return content.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      }
    }
    if (Date.now() > until) throw new Error(`no e-mail mentioning ${text} in ${mailDir()}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function sendContact(site: SiteServer, email: string, lastName: string) {
  return fetch(`${site.url}/leads/contact`, {
    method: 'POST',
    body: new URLSearchParams({ firstName: 'Ada', lastName, email, message: 'Please call me back' }),
  })
}

const site = (env: NodeJS.ProcessEnv = {}) =>
  startSite(backend.url, backend.keys.anonKey, {
    SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey,
    DATA_DIR: dataDir,
    SITE_URL: 'https://www.example.test',
    ...env,
  })

describe('new-lead e-mails', () => {
  it('e-mails the sales address about a contact message, naming the lead and linking to it', async () => {
    const server = await site()
    try {
      expect((await sendContact(server, 'ada.mail@example.test', 'Mailwright')).status).toBe(200)
      const mail = await mailFor('ada.mail@example.test')
      expect(mail).toMatch(/^To: sales@example\.test$/m)
      expect(mail).toMatch(/^Subject: New contact message from Ada Mailwright$/m)
      expect(mail).toContain('https://www.example.test/admin/inbox?q=ada.mail%40example.test')
      // The message itself stays behind the back office's sign-in.
      expect(mail).not.toContain('Please call me back')
      const { count } = await backend.service().from('mail_outbox').select('id', { count: 'exact', head: true })
      expect(count).toBe(0)
    } finally {
      await server.stop()
    }
  }, 180_000)

  it('takes the submission while the mail server refuses, and keeps the e-mail for a retry', async () => {
    const failing = await site({ SMTP_URL: 'smtp://127.0.0.1:9' })
    let row: { attempts: number; last_error: string | null } | undefined
    try {
      expect((await sendContact(failing, 'grace.mail@example.test', 'Retry')).status).toBe(200)
      for (let i = 0; i < 120 && !row?.last_error; i++) {
        await new Promise((resolve) => setTimeout(resolve, 250))
        const { data } = await backend.service().from('mail_outbox').select('attempts, last_error').not('last_error', 'is', null)
        row = data?.[0]
      }
      expect(row?.attempts).toBe(1)
      expect(row?.last_error).toMatch(/ECONNREFUSED|connect/i)
    } finally {
      await failing.stop()
    }
  }, 300_000)
})
