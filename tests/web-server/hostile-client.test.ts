// The production web server against a hostile client: new spellings of a static file cost nothing
// and add nothing; another Host gets the site's own shared render (no render of its own), and no
// Host header or spelling of /admin gets into the shared page cache or into a URL anyone sees;
// every body is counted as it streams and refused at its route's limit; malformed posts are the
// client's error (4xx, one log line, no stack); Accept-Encoding is negotiated by its q-values. Raw HTTP where fetch would tidy the request up (Host, absolute-form
// targets, chunked bodies).
import { randomUUID } from 'node:crypto'
import { rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildDir } from '../../scripts/lib/web-build.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { rawHttp, type RawAnswer, type RawRequest } from '../helpers/raw-http'
import { logOf, problemLines, startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

// How long the site shares a render (its default, a second).
const PAGE_CACHE_MS = 1000

let backend: LocalBackend
let relay: Relay
let site: SiteServer
let asset: string

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  site = await startSite(relay.url, backend.keys.anonKey, { SUPABASE_PROXY: '1', PAGE_CACHE_MS: String(PAGE_CACHE_MS) })
  const html = await (await fetch(`${site.url}/`)).text()
  asset = /\/assets\/[^"]+\.js/.exec(html)![0]
})

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

/** One HTTP/1.1 exchange with the site exactly as written: `target` may be absolute-form, Host anything. */
const raw = (target: string, request?: RawRequest) => rawHttp(site.url, target, request)

const settingsReads = () => relay.requests.filter((r) => r.path.startsWith('/rest/v1/site_settings')).length
/** What the web server logged while `work` ran. */
const logDuring = (work: () => Promise<void>) => logOf(site, work)

describe('static files', () => {
  it('answers other spellings of an asset with a 301 to its real path, or 404, never with a copy', async () => {
    const name = asset.slice('/assets/'.length)
    const spellings = [`/assets//${name}`, `/assets///${name}`, `/assets/%${name.charCodeAt(0).toString(16)}${name.slice(1)}`]
    for (const spelling of spellings) {
      const answer = await raw(spelling, { headers: { 'accept-encoding': 'br, gzip' } })
      expect(answer.status, spelling).toBe(301)
      expect(answer.headers.location).toBe(asset)
      expect(answer.body).toBe('')
    }
    for (const missing of ['/assets/no-such-chunk.js', '/assets/..%2f..%2fpackage.json']) {
      expect((await raw(missing)).status, missing).toBe(404)
    }
    // Dot segments resolve within the site (never above its root), to a file that is not served.
    const climbing = await raw('/assets/%2e%2e/%2e%2e/package.json')
    expect([climbing.status, climbing.headers.location]).toEqual([301, '/package.json'])
    expect((await raw('/package.json')).status).toBe(404)
  })

  it('serves only the files that existed at start: a file added later is not found', async () => {
    const name = `late-${randomUUID()}.txt`
    const file = path.join(buildDir, 'client', name)
    await writeFile(file, 'written after the server started\n'.repeat(100))
    try {
      expect((await fetch(`${site.url}/${name}`)).status).toBe(404)
    } finally {
      await rm(file, { force: true })
    }
  })
})

describe('Accept-Encoding', () => {
  it('honours q=0: "gzip;q=0, identity" gets the file as it is, "br;q=0, gzip" gets gzip', async () => {
    const refused = await raw(asset, { headers: { 'accept-encoding': 'gzip;q=0, identity' } })
    expect(refused.status).toBe(200)
    expect(refused.headers['content-encoding']).toBeUndefined()
    const gzipOnly = await raw(asset, { headers: { 'accept-encoding': 'br;q=0, gzip' } })
    expect(gzipOnly.headers['content-encoding']).toBe('gzip')
    const page = await raw('/', { headers: { 'accept-encoding': 'gzip;q=0, br;q=0, identity' } })
    expect(page.headers['content-encoding']).toBeUndefined()
    expect(page.body).toContain('</html>')
    const preferred = await raw('/about', { headers: { 'accept-encoding': 'gzip;q=0.5, br;q=0.9' } })
    expect(preferred.headers['content-encoding']).toBe('br')
  })
})

describe('the page cache and the site origin', () => {
  const origin = () => `http://localhost:${new URL(site.url).port}`

  it("renders every URL from the site's own origin, whatever Host or absolute target a client sends", async () => {
    // Every shared render so far expired.
    await site.advanceClock(PAGE_CACHE_MS)
    const attempts: { target: string; headers: Record<string, string> }[] = [
      { target: '/', headers: { host: 'evil.example' } },
      { target: 'http://evil.example/about', headers: {} },
    ]
    for (const attempt of attempts) {
      const poisoned = await raw(attempt.target, { headers: attempt.headers })
      expect(poisoned.status).toBe(200)
      expect(poisoned.body).not.toContain('evil.example')
    }
    for (const page of ['/', '/about']) {
      const html = (await raw(page)).body
      expect(html).not.toContain('evil.example')
      expect(html).toContain(`<link rel="canonical" href="${origin()}${page}"`)
    }
    const robots = await raw('/robots.txt', { headers: { host: 'evil.example' } })
    expect(robots.body).toContain(`Sitemap: ${origin()}/sitemap.xml`)
  })

  it("answers another Host with the site's own shared render: no render of its own, none of its URLs, said once in the log", async () => {
    await site.advanceClock(PAGE_CACHE_MS)
    const before = settingsReads()
    for (let i = 0; i < 3; i++) {
      const answer = await raw('/about', { headers: { host: `forged-${i}.example` } })
      expect(answer.status).toBe(200)
      expect(answer.body).not.toContain('forged-')
      expect(answer.body).toContain(`<link rel="canonical" href="${origin()}/about"`)
    }
    for (let i = 0; i < 3; i++) expect((await raw('/about')).status).toBe(200)
    expect(settingsReads() - before).toBe(1)
    // Said once, naming the first host that arrived (the previous test's) and the setting to fix.
    const said = site.output().match(/requests arrive for host \\?"evil\.example\\?", not the site's own \(http:\/\/localhost:\d+\).*?set SITE_URL/g) ?? []
    expect(said).toHaveLength(1)
  })

  it('never caches the back office, however its path is spelled', async () => {
    for (const spelling of ['/ADMIN/login', '/Admin', '/admin.data', '/admin/login.data']) {
      const before = settingsReads()
      for (let i = 0; i < 3; i++) expect((await raw(spelling)).status, spelling).toBeLessThan(500)
      expect(settingsReads() - before, spelling).toBe(3)
    }
    // Percent-encoded letters are another spelling of the same path: a redirect, before any render.
    for (const [spelling, normal] of [
      ['/%61dmin/login', '/admin/login'],
      ['/%61dmin', '/admin'],
    ]) {
      const answer = await raw(spelling)
      expect([answer.status, answer.headers.location], spelling).toEqual([301, normal])
    }
  })

  it("gives the back office a Supabase URL from configuration, never from the request's Host", async () => {
    for (const target of ['/admin/login', '/ADMIN/login', '/admin/login.data']) {
      const answer = await raw(target, { headers: { host: 'evil.example' } })
      expect(answer.status).toBe(200)
      expect(answer.body).not.toContain('evil.example')
    }
  })
})

describe('request bodies', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()

  it('refuses a chunked page view past 2 KB with 413', async () => {
    const answer = await raw('/leads/page-view', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      chunks: [JSON.stringify({ path: '/about', padding: 'x'.repeat(3000) })],
    })
    expect(answer.status).toBe(413)
  })

  it('answers 413 as soon as a chunked body passes the limit, while the client is still sending', async () => {
    const answer = await raw('/leads/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      chunks: [`message=${'x'.repeat(70 * 1024)}`],
      keepOpen: true,
    })
    expect(answer.status).toBe(413)
  })

  it('refuses a contact or newsletter form past 64 KB, and an application past its 5 MB CV and fields', async () => {
    const big = form({ firstName: 'A', lastName: 'B', email: 'big@example.com', message: 'x'.repeat(65 * 1024) })
    expect((await raw('/leads/contact', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, chunks: [big] })).status).toBe(413)
    expect((await raw('/leads/newsletter', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, chunks: [big] })).status).toBe(
      413,
    )
    // Declared, not sent: the answer must not wait for a body it will refuse.
    const application = await raw('/careers/senior-backend-engineer-core-banking', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(5 * 1024 * 1024 + 65 * 1024) },
      keepOpen: true,
    })
    expect(application.status).toBe(413)
  })

  it('echoes at most the field lengths the form allows in a refusal', async () => {
    const message = 'y'.repeat(60 * 1024)
    const answer = await fetch(`${site.url}/leads/contact`, {
      method: 'POST',
      body: new URLSearchParams({ firstName: 'A', lastName: 'B', email: 'not-an-email', message }),
    })
    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toContain('y'.repeat(5000))
    expect(html).not.toContain('y'.repeat(5001))
  })
})

describe('malformed posts', () => {
  const contact = (headers: Record<string, string>, body: string | Buffer) => raw('/leads/contact', { method: 'POST', headers, chunks: [body] })
  const fields = new URLSearchParams({ firstName: 'A', lastName: 'B', email: 'a@example.com', message: 'Hi' }).toString()

  it.each<{ sent: string; headers: Record<string, string>; body: string; status: number }>([
    { sent: 'JSON', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ firstName: 'A' }), status: 415 },
    { sent: 'text/plain', headers: { 'content-type': 'text/plain' }, body: fields, status: 415 },
    { sent: 'no content type', headers: {}, body: fields, status: 415 },
    { sent: 'multipart without a boundary', headers: { 'content-type': 'multipart/form-data' }, body: fields, status: 400 },
    { sent: 'a broken multipart body', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: '--abc\r\nnot a part', status: 400 },
  ])('a contact post sent as $sent is a $status with one log line and no stack', async ({ headers, body, status }) => {
    let answer: RawAnswer | undefined
    const log = await logDuring(async () => {
      answer = await contact({ ...headers, 'content-length': String(Buffer.byteLength(body)) }, body)
    })
    expect(answer!.status).toBe(status)
    expect(answer!.body).not.toMatch(/at \w+ \(|node_modules|TypeError/)
    expect(log).not.toMatch(/\n\s+at /)
    expect(problemLines(log), log).toHaveLength(1)
  })

  it('a NUL byte in a field is a 400 that names the field, and nothing is stored', async () => {
    const email = `nul-${randomUUID()}@example.com`
    const body = new URLSearchParams({ firstName: 'A\0B', lastName: 'B', email, message: 'Hi\0there' }).toString()
    let answer: RawAnswer | undefined
    const log = await logDuring(async () => {
      answer = await contact({ 'content-type': 'application/x-www-form-urlencoded' }, body)
    })
    expect(answer!.status).toBe(400)
    expect(answer!.body).toContain('First name contains a character that is not allowed')
    expect(log).not.toMatch(/\n\s+at /)
    const { data } = await backend.service().from('contact_messages').select('id').eq('email', email)
    expect(data).toEqual([])
  })

  it('an application to a role that does not exist is not found (404), with no stack in the log', async () => {
    const form = new FormData()
    form.set('name', 'A')
    form.set('email', 'a@example.com')
    form.set('cv', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'cv.pdf')
    let status = 0
    const log = await logDuring(async () => {
      status = (await fetch(`${site.url}/careers/no-such-role`, { method: 'POST', body: form, redirect: 'manual' })).status
    })
    expect(status).toBe(404)
    expect(log).not.toMatch(/\n\s+at /)
  })

  it('a post from another origin is refused with 400 and one log line', async () => {
    let answer: RawAnswer | undefined
    const log = await logDuring(async () => {
      answer = await contact({ 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' }, fields)
    })
    expect(answer!.status).toBe(400)
    expect(log).not.toMatch(/\n\s+at /)
    expect(problemLines(log), log).toHaveLength(1)
  })
})
