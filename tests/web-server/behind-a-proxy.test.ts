// The web server as deployed: behind a reverse proxy that terminates TLS and passes Host,
// X-Forwarded-Proto and X-Forwarded-For on (TRUST_PROXY=1), with SITE_URL=https://…. Each request
// here is written as such a proxy writes it. Posts from the site's https pages work and posts from
// anywhere else do not; every path has one spelling, so nothing can choose what the shared render of
// another address shows; refusals are answers with their documented status, not server errors; a
// route's own headers are kept, and API answers that depend on a key are never cached.
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { rawHttp, type RawAnswer, type RawRequest } from '../helpers/raw-http'
import { logOf, problemLines, startSite, type SiteServer } from '../helpers/site-server'

const SITE = 'https://www.site.example'
const TOO_MANY = 'Too many submissions, please try again later.'

let backend: LocalBackend
let site: SiteServer
let jobSlug: string

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey, { SUPABASE_PROXY: '1', TRUST_PROXY: '1', SITE_URL: SITE })
  const { data } = await backend.service().from('job_openings').select('slug').eq('active', true).limit(1).single()
  jobSlug = data!.slug as string
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

/** A request as the proxy passes it on: the site's Host, https, and the visitor's address. */
function viaProxy(target: string, { headers = {}, ...rest }: RawRequest = {}, visitor = '203.0.113.7'): Promise<RawAnswer> {
  return rawHttp(site.url, target, {
    ...rest,
    headers: { host: 'www.site.example', 'x-forwarded-proto': 'https', 'x-forwarded-for': visitor, ...headers },
  })
}

/** A form body with its content type, as a browser encodes it. */
async function encoded(form: FormData | URLSearchParams): Promise<{ type: string; body: Buffer }> {
  const request = new Request('http://x/', { method: 'POST', body: form })
  return { type: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) }
}

function postVia(target: string, form: FormData | URLSearchParams, headers: Record<string, string> = {}, visitor?: string): Promise<RawAnswer> {
  return encoded(form).then(({ type, body }) =>
    viaProxy(target, { method: 'POST', headers: { 'content-type': type, 'content-length': String(body.length), ...headers }, chunks: [body] }, visitor),
  )
}

const contactFields = (email: string) => new URLSearchParams({ firstName: 'Ama', lastName: 'Mensah', email, message: 'Please call me about payments.' })

async function contactRows(email: string): Promise<number> {
  const { count } = await backend.service().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', email)
  return count ?? 0
}

describe('posts through a proxy that terminates TLS', () => {
  it("accepts the contact form from the site's https pages, without JavaScript and with it", async () => {
    const email = `tls-${randomUUID()}@example.com`
    const page = await postVia('/leads/contact', contactFields(email), { origin: SITE })
    expect(page.status).toBe(200)
    expect(page.body).toContain('be in touch shortly')
    // A fetcher posts to the route's .data address.
    const data = await postVia('/leads/contact.data', contactFields(email), { origin: SITE })
    expect(data.status).toBe(200)
    expect(await contactRows(email)).toBe(2)
  })

  it('accepts the newsletter form and reaches the back office CV link from the https pages', async () => {
    const subscribed = await postVia('/leads/newsletter', new URLSearchParams({ email: `tls-${randomUUID()}@example.com` }), { origin: SITE })
    expect(subscribed.status).toBe(200)
    // Without a token the CV link says so (401); the post itself is the site's own.
    const cvLink = await viaProxy('/admin/api/cv-link', {
      method: 'POST',
      headers: { origin: SITE, 'content-type': 'application/json' },
      chunks: [JSON.stringify({ id: randomUUID() })],
    })
    expect(cvLink.status).toBe(401)
  })

  it("accepts a form from a page that sends no referrer (Origin: null) when the browser says it is the site's own", async () => {
    const email = `no-referrer-${randomUUID()}@example.com`
    expect((await postVia('/leads/contact', contactFields(email), { origin: 'null', 'sec-fetch-site': 'same-origin' })).status).toBe(200)
    for (const site of ['cross-site', 'same-site']) {
      expect((await postVia('/leads/contact', contactFields(email), { origin: 'null', 'sec-fetch-site': site })).status, site).toBe(400)
    }
    expect(await contactRows(email)).toBe(1)
  })

  it('refuses a post from the plain-HTTP origin or another site with 400, storing nothing', async () => {
    const email = `cross-${randomUUID()}@example.com`
    for (const origin of ['http://www.site.example', 'https://evil.example', 'null']) {
      expect((await postVia('/leads/contact', contactFields(email), { origin })).status, origin).toBe(400)
    }
    expect(await contactRows(email)).toBe(0)
  })
})

describe('one spelling per address', () => {
  it.each([
    ['/./about', '/about'],
    ['/%2e/about', '/about'],
    ['/about/', '/about'],
    ['/about/?utm_source=mail', '/about?utm_source=mail'],
    ['/%61bout', '/about'],
    ['/careers//', '/careers'],
    ['//x/about', '/x/about'],
    ['//x/..', '/'],
    ['//x/%2e%2e', '/'],
    ['//x/a/../..', '/'],
  ])('%s answers a 301 to %s before any render', async (spelling, normal) => {
    const answer = await viaProxy(spelling)
    expect(answer.status).toBe(301)
    expect(answer.headers.location).toBe(normal)
  })

  it('answers a post to another spelling with a 308, which keeps the method and body', async () => {
    const answer = await postVia('/leads/contact/', contactFields('spelling@example.com'), { origin: SITE })
    expect([answer.status, answer.headers.location]).toEqual([308, '/leads/contact'])
  })

  it('answers a malformed path with 400, never 500', async () => {
    for (const target of ['/%zz', '/about%', '/%E0%A4%A', '/caf%C3']) expect((await viaProxy(target)).status, target).toBe(400)
  })

  it('shows no visitor of an unknown address the page another path named', async () => {
    for (const named of ['//x/admin/login', '//x/about', `//x/newsletter/unsubscribe/${randomUUID()}`]) {
      // The not-found page's shared render has expired: the next unknown address renders it anew.
      await site.advanceClock(1000)
      await viaProxy(named)
      const unknown = await viaProxy(`/no-such-page-${randomUUID()}`)
      expect(unknown.status, named).toBe(404)
      expect(unknown.body, named).toMatch(/<title>Page not found/)
    }
  })
})

describe('refusals are answers', () => {
  const pdf = () => new File([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)])], 'cv.pdf', { type: 'application/pdf' })
  const application = (email: string) => {
    const form = new FormData()
    form.set('name', 'Keen Visitor')
    form.set('email', email)
    form.set('cv', pdf())
    return form
  }

  it('answers the 11th application from one visitor within an hour with 429 and Retry-After, one warning and no stack', async () => {
    const visitor = '203.0.113.11'
    for (let i = 0; i < 10; i++) {
      expect((await postVia(`/careers/${jobSlug}`, application(`keen-${i}@example.com`), {}, visitor)).status).toBe(200)
    }
    let refused: RawAnswer | undefined
    const log = await logOf(site, async () => {
      refused = await postVia(`/careers/${jobSlug}`, application('keen-10@example.com'), {}, visitor)
    })
    expect(refused!.status).toBe(429)
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused!.body).toContain(TOO_MANY)
    expect(log).not.toMatch(/\n\s+at |"level":50/)
    expect(problemLines(log), log).toEqual([expect.stringContaining('"level":40')])
    const { count } = await backend.service().from('job_applications').select('*', { count: 'exact', head: true }).eq('email', 'keen-10@example.com')
    expect(count).toBe(0)
  })

  it('answers a form past its size limit with 413 and one warning line', async () => {
    let answer: RawAnswer | undefined
    const log = await logOf(site, async () => {
      answer = await postVia('/leads/contact', new URLSearchParams({ message: 'x'.repeat(70 * 1024) }), { origin: SITE })
    })
    expect(answer!.status).toBe(413)
    expect(answer!.body).toContain('This form takes at most 64 KB')
    expect(problemLines(log), log).toEqual([expect.stringMatching(/"level":40.*too large to send \(413\)/)])
  })

  it("keeps the newsletter pages' own Referrer-Policy and Cache-Control", async () => {
    for (const path of [`/newsletter/confirm/${randomUUID()}`, `/newsletter/unsubscribe/${randomUUID()}`]) {
      const answer = await viaProxy(path)
      expect(answer.status, path).toBe(200)
      expect(answer.headers['referrer-policy'], path).toBe('no-referrer')
      expect(answer.headers['cache-control'], path).toBe('private, no-store')
    }
    // Pages that say nothing get the site's defaults: a public page is for shared caches, never a browser's.
    const about = await viaProxy('/about')
    expect(about.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(about.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=\d+, /)
  })

  it('marks API answers that depend on a key or token private, varying on both', async () => {
    const apikey = backend.keys.anonKey
    for (const path of ['/rest/v1/solutions?select=slug', '/auth/v1/settings']) {
      const answer = await viaProxy(path, { headers: { apikey, authorization: `Bearer ${apikey}` } })
      expect(answer.status, path).toBe(200)
      expect(answer.headers['cache-control'], path).toBe('private, no-store')
      expect(answer.headers.vary, path).toMatch(/Authorization, apikey/)
    }
  })
})
