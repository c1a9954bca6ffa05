// Newsletter double opt-in and one-click unsubscribe through the running web server: a sign-up is
// pending until the person presses the button on the page the e-mailed link opens (opening it by
// GET, HEAD or .data changes nothing); a second sign-up answers the same; the e-mail carries a
// personal unsubscribe link and the RFC 8058 headers, and a sessionless one-click POST unsubscribes.
// The request log never holds a link's token.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let site: SiteServer
let dataDir: string

beforeAll(async () => {
  backend = await startLocalBackend()
  dataDir = await mkdtemp(path.join(tmpdir(), 'newsletter-'))
  site = await startSite(backend.url, backend.keys.anonKey, {
    SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey,
    DATA_DIR: dataDir,
    SITE_URL: 'https://www.example.test',
  })
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

// Rounds run every 5 s; a loaded machine can take much longer to reach the first.
async function mailTo(address: string, timeoutMs = 90_000): Promise<string> {
  const mailDir = path.join(dataDir, 'mail')
  const until = Date.now() + timeoutMs
  for (;;) {
    for (const name of await readdir(mailDir).catch(() => [] as string[])) {
      const content = await readFile(path.join(mailDir, name), 'utf8')
      // Headers may be folded; the body is quoted-printable: both undone.
      const plain = content
        .replace(/\r?\n[ \t]+/g, ' ')
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      if (new RegExp(`^To: ${address.replace(/[.]/g, '\\.')}$`, 'm').test(plain)) return plain
    }
    if (Date.now() > until) throw new Error(`no e-mail to ${address} in ${mailDir}`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const onSite = (link: string) => link.replace('https://www.example.test', site.url)

async function statusOf(email: string): Promise<string | undefined> {
  const { data } = await backend.service().from('newsletter_subscribers').select('status').eq('email', email)
  return data?.[0]?.status
}

const signUp = (email: string) => fetch(`${site.url}/leads/newsletter`, { method: 'POST', body: new URLSearchParams({ email }) })

describe('newsletter double opt-in', () => {
  it('stays pending when the e-mailed link is opened, until the person confirms on its page, once', async () => {
    const first = await signUp('opt.in@example.test')
    expect(first.status).toBe(200)
    const firstPage = await first.text()
    expect(firstPage).toContain('Check your inbox to confirm your subscription.')
    expect(await statusOf('opt.in@example.test')).toBe('pending')

    const mail = await mailTo('opt.in@example.test')
    expect(mail).toMatch(/^Subject: Confirm your newsletter subscription$/m)
    const confirm = /https:\/\/www\.example\.test\/newsletter\/confirm\/[0-9a-f]{64}/.exec(mail)?.[0]
    const unsubscribe = /https:\/\/www\.example\.test\/newsletter\/unsubscribe\/[0-9a-f]{64}/.exec(mail)?.[0]
    expect(confirm).toBeDefined()
    expect(unsubscribe).toBeDefined()
    expect(mail).toContain(`List-Unsubscribe: <${unsubscribe}>`)
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m)
    // Only the token's hash is stored.
    const { data: row } = await backend.service().from('newsletter_subscribers').select('confirmation_token_hash').eq('email', 'opt.in@example.test').single()
    expect(row?.confirmation_token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(confirm).not.toContain(row?.confirmation_token_hash)

    // Opening the link, as a mail scanner or a prefetcher does, changes nothing: HEAD, GET, .data.
    expect((await fetch(onSite(confirm!), { method: 'HEAD' })).status).toBe(200)
    const opened = await fetch(onSite(confirm!))
    expect(opened.status).toBe(200)
    expect(opened.headers.get('cache-control')).toContain('no-store')
    expect(await opened.text()).toMatch(/<button[^>]*type="submit"[^>]*>Confirm my subscription<\/button>/)
    expect((await fetch(`${onSite(confirm!)}.data`)).status).toBeLessThan(500)
    expect(await statusOf('opt.in@example.test')).toBe('pending')

    // The person presses the button: the page's form posts to itself.
    const pressed = await fetch(onSite(confirm!), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.example.test' },
      body: '',
    })
    expect(pressed.status).toBe(200)
    expect(await pressed.text()).toContain('Your subscription is confirmed')
    const { data: confirmed } = await backend
      .service()
      .from('newsletter_subscribers')
      .select('status, confirmed_at, privacy_notice_version')
      .eq('email', 'opt.in@example.test')
      .single()
    expect(confirmed?.status).toBe('subscribed')
    expect(confirmed?.confirmed_at).not.toBeNull()
    expect(confirmed?.privacy_notice_version).toBeTruthy()
    const again = await fetch(onSite(confirm!), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://www.example.test' },
      body: '',
    })
    expect(await again.text()).toContain('This link has expired')
    // The request log names the path without the link's token.
    const token = confirm!.split('/').pop()!
    expect(site.output()).toContain('/newsletter/confirm/')
    expect(site.output()).not.toContain(token)

    // Signing up again: the same answer as for an unknown address.
    const signedUpAgain = await signUp('opt.in@example.test')
    expect(signedUpAgain.status).toBe(200)
    expect(await signedUpAgain.text()).toContain('Check your inbox to confirm your subscription.')
    expect(await statusOf('opt.in@example.test')).toBe('subscribed')
  }, 240_000)
})

describe('one-click unsubscribe', () => {
  it('shows a button on GET, and unsubscribes on a sessionless POST', async () => {
    expect((await signUp('one.click@example.test')).status).toBe(200)
    const mail = await mailTo('one.click@example.test')
    const unsubscribe = onSite(/https:\/\/www\.example\.test\/newsletter\/unsubscribe\/[0-9a-f]{64}/.exec(mail)![0])

    const page = await fetch(unsubscribe)
    expect(page.status).toBe(200)
    expect(await page.text()).toMatch(/<button[^>]*type="submit"[^>]*>Unsubscribe<\/button>/)
    expect(await statusOf('one.click@example.test')).toBe('pending')

    // As a mail client sends it (RFC 8058): no cookie, no origin, the one-click body.
    const posted = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(posted.status).toBe(200)
    expect(await posted.text()).toContain('You are unsubscribed')
    expect(await statusOf('one.click@example.test')).toBe('unsubscribed')
    expect(site.output()).not.toContain(unsubscribe.split('/').pop()!)
  }, 240_000)
})
