// The production web server as a visitor, a crawler and an operator meet it: security headers on
// every kind of response (a public page's scripts allowed by hash, the back office's by a fresh
// nonce each time), compression and cache headers, the
// health check, the Supabase APIs on the site's origin, what it tells Supabase about the visitor,
// and the shared page cache (a burst reaches the database a few times; an admin's change shows
// within about a second).
import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

// How long the site shares a render (its default, a second).
const PAGE_CACHE_MS = 1000

let backend: LocalBackend
let relay: Relay
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  // The site talks to the backend through the relay, which records what it sends.
  site = await startSite(relay.url, backend.keys.anonKey, { SUPABASE_PROXY: '1', PAGE_CACHE_MS: String(PAGE_CACHE_MS) })
})

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

function nonceOf(response: Response): string {
  const csp = response.headers.get('content-security-policy') ?? ''
  const match = /'nonce-([^']+)'/.exec(csp)
  if (!match) throw new Error(`no nonce in ${csp}`)
  return match[1]
}

function expectSecurityHeaders(response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? ''
  // A nonce per response (the back office, answers no page shares), or the hashes of a shared
  // page's inline scripts and what they load ('strict-dynamic').
  expect(csp).toMatch(/script-src 'self' ('nonce-[A-Za-z0-9+/=]+'|('sha256-[A-Za-z0-9+/=]+' )+'strict-dynamic')(;|$)/)
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/)
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toContain("base-uri 'self'")
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  expect(response.headers.get('permissions-policy')).toContain('camera=()')
}

/** The tags of the scripts a browser runs (JSON-LD blocks are data, which CSP does not govern). */
function runnableScripts(html: string): { tag: string; inline: string | null }[] {
  return [...html.matchAll(/(<script\b[^>]*>)([\s\S]*?)<\/script>/g)]
    .filter((m) => !m[1].includes('application/ld+json'))
    .map((m) => ({ tag: m[1], inline: /\bsrc=/.test(m[1]) ? null : m[2] }))
}

describe('security headers', () => {
  it('are on public pages, with every inline script allowed by its hash, the same for every visitor', async () => {
    const first = await fetch(`${site.url}/`)
    const second = await fetch(`${site.url}/`)
    const policies: string[] = []
    for (const response of [first, second]) {
      expect(response.status).toBe(200)
      expectSecurityHeaders(response)
      const csp = response.headers.get('content-security-policy') ?? ''
      expect(csp).not.toContain("'nonce-")
      const scripts = runnableScripts(await response.text())
      expect(scripts.some((script) => script.inline)).toBe(true)
      for (const { inline } of scripts) {
        if (inline) expect(csp).toContain(`'sha256-${createHash('sha256').update(inline).digest('base64')}'`)
      }
      policies.push(csp)
    }
    expect(policies[0]).toBe(policies[1])
  })

  it('are on back-office pages, with a nonce that every inline script carries and that changes per response', async () => {
    const first = await fetch(`${site.url}/admin/login`)
    const second = await fetch(`${site.url}/admin/login`)
    for (const response of [first, second]) {
      expect(response.status).toBe(200)
      expectSecurityHeaders(response)
      const scripts = runnableScripts(await response.text())
      expect(scripts.length).toBeGreaterThan(0)
      for (const { tag } of scripts) expect(tag).toContain(`nonce="${nonceOf(response)}"`)
    }
    expect(nonceOf(first)).not.toBe(nonceOf(second))
  })

  it('are on assets, on errors and on the proxied APIs', async () => {
    const html = await (await fetch(`${site.url}/`)).text()
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0]
    const responses = await Promise.all([
      fetch(`${site.url}${asset}`),
      fetch(`${site.url}/favicon.svg`),
      fetch(`${site.url}/no-such-page`),
      fetch(`${site.url}/assets/missing.js`),
      fetch(`${site.url}/rest/v1/site_settings?select=key`, { headers: { apikey: backend.keys.anonKey } }),
    ])
    expect(responses.map((r) => r.status)).toEqual([200, 200, 404, 404, 200])
    for (const response of responses) expectSecurityHeaders(response)
    expect(await responses[2].text()).not.toMatch(/at \w+ \(|node_modules/)
  })

  it('mark the back office as not for indexing, and send HSTS only for an https site', async () => {
    const admin = await fetch(`${site.url}/admin/login`)
    expect(admin.headers.get('x-robots-tag')).toContain('noindex')
    const home = await fetch(`${site.url}/`)
    expect(home.headers.get('x-robots-tag')).toBeNull()
    expect(home.headers.get('strict-transport-security')).toBeNull()
    const https = await startSite(relay.url, backend.keys.anonKey, { SITE_URL: 'https://www.example.com' })
    try {
      const response = await fetch(`${https.url}/`)
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
    } finally {
      await https.stop()
    }
  })
})

describe('caching and compression', () => {
  it('serves hashed assets immutable for a year, compressed, and pages never cached by browsers', async () => {
    const page = await fetch(`${site.url}/`, { headers: { 'accept-encoding': 'br' } })
    // Shared caches in front may keep a public page (for PAGE_CACHE_MS here: no purges reach this server).
    expect(page.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=1, /)
    expect((await fetch(`${site.url}/admin/login`)).headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-encoding')).toBe('br')
    const html = await page.text()
    expect(html).toContain('</html>')
    const asset = /\/assets\/[^"]+\.js/.exec(html)![0]
    const gz = await fetch(`${site.url}${asset}`, { headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    const plain = await fetch(`${site.url}${asset}`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await gz.text()).toBe(await plain.text())
  })

  it("shares one render among a burst of visitors, and shows an admin's change within about a second", async () => {
    const settingsReads = () => relay.requests.filter((r) => r.path.startsWith('/rest/v1/site_settings')).length
    // Every render so far expired: the burst needs a new one.
    await site.advanceClock(PAGE_CACHE_MS)
    const before = settingsReads()
    const burst = await Promise.all(Array.from({ length: 30 }, () => fetch(`${site.url}/`).then((r) => r.text())))
    expect(burst.every((html) => html.includes('</html>'))).toBe(true)
    expect(settingsReads() - before).toBeGreaterThanOrEqual(1)
    expect(settingsReads() - before).toBeLessThanOrEqual(2)

    const renamed = `Renamed Company ${Date.now()}`
    const { error } = await backend.service().from('site_settings').update({ value: renamed }).eq('key', 'company_name')
    expect(error).toBeNull()
    // The cache keeps a page for a second: once that has passed, the next visitor sees the change.
    await site.advanceClock(PAGE_CACHE_MS)
    expect(await (await fetch(`${site.url}/`)).text()).toContain(renamed)
  })
})

describe('one origin for the browser', () => {
  it('proxies the storage API with streaming bodies: an uploaded image has a public URL on the site', async () => {
    const direct = await startSite(backend.url, backend.keys.anonKey, { SUPABASE_PROXY: '1' })
    const { createClient } = await import('@supabase/supabase-js')
    const WebSocket = (await import('ws')).default
    const viaSite = createClient(direct.url, backend.keys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    })
    const image = new Uint8Array(3 * 1024 * 1024)
    image.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const name = `proxy-test/${Date.now()}.png`
    const upload = await viaSite.storage.from('media').upload(name, image, { contentType: 'image/png' })
    expect(upload.error).toBeNull()
    const publicUrl = viaSite.storage.from('media').getPublicUrl(name).data.publicUrl
    expect(publicUrl.startsWith(`${direct.url}/storage/v1/object/public/media/`)).toBe(true)
    const fetched = await fetch(publicUrl)
    expect(fetched.status).toBe(200)
    expect(fetched.headers.get('content-type')).toBe('image/png')
    // (Buffer.equals: a deep equality over 3 million elements takes the test runner minutes.)
    expect(Buffer.from(await fetched.arrayBuffer()).equals(Buffer.from(image))).toBe(true)
    await direct.stop()
  })

  it('with a hosted project proxies nothing and lets the browser reach exactly that origin', async () => {
    const hosted = await startSite(relay.url, backend.keys.anonKey)
    try {
      const page = await fetch(`${hosted.url}/`)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp).toContain(`connect-src 'self' ${relay.url};`)
      expect(csp).toContain(`img-src 'self' data: https: ${relay.url};`)
      expect((await fetch(`${hosted.url}/rest/v1/site_settings`, { headers: { apikey: backend.keys.anonKey } })).status).toBe(404)
    } finally {
      await hosted.stop()
    }
  })
})

describe('health check', () => {
  it('is 200 when Supabase answers and 503 when it does not', async () => {
    const ok = await fetch(`${site.url}/healthz`)
    expect(ok.status).toBe(200)
    const orphan = await startSite('http://127.0.0.1:9', backend.keys.anonKey)
    try {
      expect((await fetch(`${orphan.url}/healthz`)).status).toBe(503)
      // A page whose data cannot be read still renders, from its built-in defaults, without the
      // error's detail.
      const page = await fetch(`${orphan.url}/`)
      expect(page.status).toBe(200)
      expect(await page.text()).not.toMatch(/ECONNREFUSED|fetch failed|127\.0\.0\.1:9/)
    } finally {
      await orphan.stop()
    }
  })
})

describe("the visitor's address", () => {
  // What the web server told Supabase, for every contact message it stored so far.
  const forwardedTo = () =>
    relay.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/rest/v1/contact_messages')).map((r) => r.headers['x-forwarded-for'])

  async function sendContact(url: string, email: string, forwardedFor?: string) {
    const response = await fetch(`${url}/leads/contact`, {
      method: 'POST',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      body: new URLSearchParams({ firstName: 'A', lastName: 'B', email, message: 'Hi' }),
    })
    expect(response.status).toBe(200)
  }

  it('ignores a forged X-Forwarded-For: Supabase is told the socket address', async () => {
    const count = forwardedTo().length
    await sendContact(site.url, 'forger@example.com', '203.0.113.66')
    const sent = forwardedTo().slice(count)
    expect(sent).toEqual(['127.0.0.1'])
    // And the database keys its flood limit on that address, not on the forged one.
    const { data } = await backend.service().from('contact_messages').select('client_key').eq('email', 'forger@example.com').single()
    const hash = (ip: string) => createHash('sha256').update(`client:${ip}`).digest('hex')
    expect(data!.client_key).not.toBe(hash('203.0.113.66'))
  })

  it('believes the proxy in front when TRUST_PROXY says there is one', async () => {
    const behindProxy = await startSite(relay.url, backend.keys.anonKey, { TRUST_PROXY: '1' })
    try {
      const count = forwardedTo().length
      // The visitor wrote 203.0.113.66; the trusted proxy appended the address it saw.
      await sendContact(behindProxy.url, 'proxied@example.com', '203.0.113.66, 198.51.100.7')
      expect(forwardedTo().slice(count)).toEqual(['198.51.100.7'])
    } finally {
      await behindProxy.stop()
    }
  })

  it('passes it on through the proxied APIs too, replacing what the visitor sent', async () => {
    const count = relay.requests.length
    const response = await fetch(`${site.url}/rest/v1/rpc/subscribe_newsletter`, {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.66' },
      body: JSON.stringify({ email: 'api@example.com' }),
    })
    expect(response.status).toBe(204)
    const proxied = relay.requests.slice(count).filter((r) => r.path.startsWith('/rest/v1/rpc/subscribe_newsletter'))
    expect(proxied.map((r) => r.headers['x-forwarded-for'])).toEqual(['127.0.0.1'])
  })
})

describe('page views', () => {
  const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

  async function views(path: string): Promise<number> {
    const { data, error } = await backend.service().from('page_views').select('count').eq('path', path)
    expect(error).toBeNull()
    return data!.reduce((sum, row) => sum + row.count, 0)
  }

  const count = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${site.url}/leads/page-view`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': browser, ...headers },
      body: JSON.stringify({ path }),
    })

  it('counts each view once, and never a server render, a bot, a prefetch or the back office', async () => {
    await fetch(`${site.url}/`, { headers: { 'user-agent': browser } })
    expect(await views('/')).toBe(0)
    expect((await count('/about')).status).toBe(204)
    expect(await views('/about')).toBe(1)
    await count('/about?utm_source=x')
    expect(await views('/about')).toBe(2)
    await count('/about', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' })
    await count('/about', { 'sec-purpose': 'prefetch' })
    expect(await views('/about')).toBe(2)
    await count('/admin/blog')
    expect(await views('/admin/blog')).toBe(0)
  })
})
