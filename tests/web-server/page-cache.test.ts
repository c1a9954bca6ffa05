// The shared page cache keyed by what a page depends on: tracking parameters (fbclid, utm_*) share
// one render and stay out of canonical URLs; every invented path shares the one not-found render;
// a search is its own render, normalised; one client's
// distinct searches are limited per minute (past it, the unfiltered list); and the cache keeps at
// most its byte budget, least recently used pages going first. Renders are counted by the site
// settings reads each one makes through a recording relay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let relay: Relay

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
})

afterAll(async () => {
  await relay?.close()
  await backend?.dispose()
})

/** How many renders `work` caused (each render reads the site settings once). */
async function rendersDuring(work: () => Promise<void>): Promise<number> {
  const reads = () => relay.requests.filter((r) => r.path.startsWith('/rest/v1/site_settings')).length
  const before = reads()
  await work()
  return reads() - before
}

async function page(site: SiteServer, path: string): Promise<string> {
  const response = await fetch(`${site.url}${path}`)
  expect(response.status, path).toBe(200)
  return response.text()
}

describe('the key is what the page reads', () => {
  let site: SiteServer

  beforeAll(async () => {
    // A long TTL, so every render a test sees is one the key asked for.
    site = await startSite(relay.url, backend.keys.anonKey, { PAGE_CACHE_MS: '60000', SEARCHES_PER_MINUTE: '3' })
  })

  afterAll(async () => {
    await site?.stop()
  })

  it('renders /about once for any tracking parameters, and leaves them out of its canonical URL', async () => {
    const variants = [
      '/about',
      '/about?fbclid=IwAR0abc',
      '/about?fbclid=IwAR1def',
      '/about?utm_source=news&utm_medium=email',
      '/about?gclid=x&mc_eid=y',
      '/about?',
    ]
    let html = ''
    const renders = await rendersDuring(async () => {
      for (const variant of variants) html = await page(site, variant)
    })
    expect(renders).toBe(1)
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/about"/)
    expect(html).not.toMatch(/fbclid|gclid|utm_source|mc_eid/)
  })

  it('renders the not-found page once for every invented path, with no canonical URL of its own', async () => {
    const paths = ['/no-such-page-1', '/no-such-page-2?fbclid=1', '/wp-admin/setup.php', '/resources/blog/a/b', '/Solutions/x/y']
    const pages: string[] = []
    const renders = await rendersDuring(async () => {
      for (const path of paths) {
        const response = await fetch(`${site.url}${path}`)
        expect(response.status, path).toBe(404)
        pages.push(await response.text())
      }
    })
    expect(renders).toBe(1)
    for (const html of pages) {
      expect(html).toContain('Page not found')
      expect(html).toContain('<meta name="robots" content="noindex"/>')
      expect(html).not.toContain('rel="canonical"')
      // No section of the header is marked current, whichever path the render was made for.
      expect(html).not.toContain('aria-current="page"')
    }
  })

  it("never keeps a preview link's page: each request renders it again, for its holder alone", async () => {
    const path = `/preview/${'0'.repeat(64)}`
    const renders = await rendersDuring(async () => {
      for (let i = 0; i < 3; i++) expect((await fetch(`${site.url}${path}`)).status).toBe(404)
    })
    expect(renders).toBe(3)
  })

  it('renders a search once however its parameters are ordered, spaced or accompanied', async () => {
    const renders = await rendersDuring(async () => {
      for (const variant of ['/resources?q=banking', '/resources?utm_source=x&q=banking', '/resources?q=%20banking%20&fbclid=1', '/resources?q=&q=banking']) {
        expect(await page(site, variant)).toContain('match “banking”')
      }
    })
    expect(renders).toBe(1)
  })

  it("limits one client's distinct searches per minute, then shows the unfiltered list, never an error", async () => {
    const terms = ['payments', 'lending', 'security', 'kyc', 'ussd']
    const pages: string[] = []
    for (const term of terms) pages.push(await page(site, `/resources?q=${term}`))
    // The earlier test's search used one of this client's three.
    expect(pages.filter((html, i) => html.includes(`match “${terms[i]}”`))).toHaveLength(2)
    expect(pages.at(-1)).not.toContain('match “')
    expect(pages.at(-1)).toContain('Load More Articles')
    expect(pages.at(-1)).toContain('Search is busy right now')
    // A search already rendered is no new search.
    expect(await page(site, '/resources?q=banking')).toContain('match “banking”')
  })
})

describe('searches for the whole site', () => {
  it('declines distinct searches past SEARCHES_PER_SECOND, from any clients: the unfiltered list, saying so', async () => {
    const site = await startSite(relay.url, backend.keys.anonKey, { PAGE_CACHE_MS: '60000', SEARCHES_PER_SECOND: '1', TRUST_PROXY: '1' })
    try {
      const terms = ['payments', 'lending', 'security', 'kyc', 'ussd', 'cloud']
      const pages = await Promise.all(
        terms.map(async (term, i) => {
          const response = await fetch(`${site.url}/resources?q=${term}`, { headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` } })
          expect(response.status).toBe(200)
          return response.text()
        }),
      )
      expect(pages.filter((html) => html.includes('match “'))).toHaveLength(1)
      const declined = pages.filter((html) => html.includes('Search is busy right now'))
      expect(declined).toHaveLength(5)
      for (const html of declined) expect(html).toContain('Load More Articles')
      // The next second has room again.
      await site.advanceClock(1000)
      expect(await page(site, '/resources?q=banking')).toContain('match “banking”')
    } finally {
      await site.stop()
    }
  })
})

describe('the byte budget', () => {
  it('keeps at most PAGE_CACHE_BYTES of pages, dropping the least recently used first', async () => {
    const options = { PAGE_CACHE_MS: '60000', SEARCHES_PER_MINUTE: '100' }
    const search = (site: SiteServer, n: number) => page(site, `/resources?q=no-such-term-${n}`)
    const probe = await startSite(relay.url, backend.keys.anonKey, options)
    const pageBytes = Buffer.byteLength(await search(probe, 0))
    await probe.stop()
    // Room for three of these pages.
    const site = await startSite(relay.url, backend.keys.anonKey, { ...options, PAGE_CACHE_BYTES: String(Math.round(pageBytes * 3.5)) })
    try {
      const searched = (n: number) => search(site, n).then(() => undefined)
      expect(await rendersDuring(async () => void (await searched(1), await searched(2), await searched(3)))).toBe(3)
      // All three kept; using 1 makes 2 the least recently used.
      expect(await rendersDuring(() => searched(1))).toBe(0)
      expect(await rendersDuring(() => searched(4))).toBe(1)
      expect(await rendersDuring(() => searched(1))).toBe(0)
      expect(await rendersDuring(() => searched(3))).toBe(0)
      expect(await rendersDuring(() => searched(2))).toBe(1)
    } finally {
      await site.stop()
    }
  })
})
