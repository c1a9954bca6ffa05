// The site behind a shared cache, as deployed at scale: two web instances on one backend, with
// Varnish (deploy/varnish/default.vcl) in front of both and purges going to it. Pages are cache
// hits the second time and work in Chromium as served from the cache (hashes, not nonces, allow
// their scripts); a post published or withdrawn through supabase-js, not the back office, shows or
// goes through Varnish and on both instances within 2 s; what is private is never kept; and with
// the backend stopped, Varnish and a restarted instance still serve the last published text.
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { startVarnish, type Varnish } from '../../scripts/lib/varnish.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { purgesDelivered } from '../helpers/purge-outbox.ts'
import { startSite, type SiteServer } from '../helpers/site-server.ts'
import { watchCsp } from './support/csp.ts'
import { test } from './support/fixtures.ts'

const WITHIN_MS = 2000

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

let backend: LocalBackend
let varnish: Varnish
let one: SiteServer
let two: SiteServer
let siteEnv: NodeJS.ProcessEnv
// Instance two's last good pages, kept across its restart.
let twoStore: string

beforeAll(async () => {
  const [varnishPort, onePort, twoPort] = [await freePort(), await freePort(), await freePort()]
  backend = await startLocalBackend()
  twoStore = await mkdtemp(path.join(tmpdir(), 'edge-pages-'))
  siteEnv = {
    SITE_URL: `http://127.0.0.1:${varnishPort}`,
    SUPABASE_PROXY: '1',
    SUPABASE_SECRET_KEY: backend.keys.secretKey,
    PURGE_VARNISH_URLS: `http://127.0.0.1:${varnishPort}`,
    TRUST_PROXY: '1',
  }
  // Varnish first, so the instances' first purges (the seed's) reach it before the tests begin.
  varnish = await startVarnish([new URL(`http://127.0.0.1:${onePort}`), new URL(`http://127.0.0.1:${twoPort}`)], varnishPort)
  ;[one, two] = await Promise.all([
    startSite(backend.url, backend.keys.publishableKey, { ...siteEnv, PORT: String(onePort) }),
    startSite(backend.url, backend.keys.publishableKey, { ...siteEnv, PORT: String(twoPort), PAGE_STORE_DIR: twoStore }),
  ])
  await purgesDelivered(backend)
  // Until Varnish's probes have seen an instance answer, it answers 503 itself.
  for (let tries = 0; (await get(varnish.url, '/favicon.svg')).status !== 200; tries++) {
    if (tries > 100) throw new Error('Varnish found no healthy instance within 10 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
})

afterAll(async () => {
  await Promise.all([varnish?.stop(), one?.stop(), two?.stop()])
  await backend?.dispose()
  await rm(twoStore, { recursive: true, force: true })
})

const get = (base: string, route: string, init?: RequestInit) => fetch(new URL(route, base), { redirect: 'manual', ...init })

/** Asks every place a visitor may be answered from until `done` holds for all of them; the time it took. */
async function untilEverywhere(route: string, done: (response: Response, body: string) => boolean): Promise<number> {
  const started = performance.now()
  for (;;) {
    const answers = await Promise.all(
      [varnish.url, one.url, two.url].map(async (base) => {
        const response = await get(base, route)
        return done(response, await response.text())
      }),
    )
    const elapsed = performance.now() - started
    if (answers.every(Boolean) || elapsed > 10_000) return elapsed
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('pages through Varnish', () => {
  test('a second request for a page is a cache hit, with the same page', async () => {
    const first = await get(varnish.url, '/about')
    const second = await get(varnish.url, '/about')
    expect(first.status).toBe(200)
    expect(second.headers.get('x-cache')).toBe('HIT')
    expect(second.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+/)
    expect(await second.text()).toBe(await first.text())
    // The keys are Varnish's business, not the browser's.
    expect(second.headers.get('surrogate-key')).toBeNull()
  })

  test('in Chromium a page served from the cache raises no CSP issue, hydrates, and its controls work', async ({ page }) => {
    await get(varnish.url, '/')
    const violations = await watchCsp(page)
    const response = await page.goto(`${varnish.url}/`, { waitUntil: 'networkidle' })
    expect(response?.headers()['x-cache']).toBe('HIT')
    await page.evaluate(() => ((window as { sameDocument?: boolean }).sameDocument = true))
    // The phone menu is script-driven; following a link in it is a client-side navigation, which
    // loads the route's modules and data through Varnish too.
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(() => page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About Us' }).click()
    await page.waitForURL(`${varnish.url}/about`)
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1)
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true)
    expect(await violations()).toEqual([])
  })

  test('a post published through supabase-js shows through Varnish and on both instances within 2 s, and goes within 2 s', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const slug = 'edge-fresh-from-the-api'
    const title = 'Fresh from the API, past every cache'
    const route = `/resources/blog/${slug}`
    // Every cache holds the list and the post's address (a redirect to the list) before it exists,
    // and each instance has rendered a post once (its first loads the sanitizer, seconds on a busy machine).
    const { data: existing } = await backend.anon().from('blog_posts').select('slug').limit(1).single()
    for (const base of [varnish.url, varnish.url, one.url, two.url]) {
      await get(base, '/resources')
      await get(base, route)
      await get(base, `/resources/blog/${existing!.slug as string}`)
    }
    expect((await get(varnish.url, '/resources')).headers.get('x-cache')).toBe('HIT')

    const { data, error } = await admin
      .from('blog_posts')
      .insert({
        slug,
        title,
        excerpt: 'Published by a script.',
        content: '<p>Published by a script, not the back office.</p>',
        category: 'News',
        featured_image: '/images/blog-1.svg',
        author_name: 'Edge Test',
        published: true,
      })
      .select('id')
      .single()
    expect(error).toBeNull()
    const shown = await untilEverywhere('/resources', (_, body) => body.includes(title))
    expect(shown).toBeLessThanOrEqual(WITHIN_MS)
    expect(await untilEverywhere(route, (response, body) => response.status === 200 && body.includes(title))).toBeLessThanOrEqual(WITHIN_MS)

    expect((await admin.from('blog_posts').update({ published: false }).eq('id', data!.id)).error).toBeNull()
    const gone = await untilEverywhere('/resources', (_, body) => !body.includes(title))
    expect(gone).toBeLessThanOrEqual(WITHIN_MS)
    expect(await untilEverywhere(route, (response) => response.status === 302)).toBeLessThanOrEqual(WITHIN_MS)
  })

  test('the back office, previews and form answers are never kept', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { data: draft } = await admin
      .from('blog_posts')
      .insert({
        slug: 'edge-draft',
        title: 'A draft for the preview',
        excerpt: 'Draft.',
        content: '<p>Draft.</p>',
        category: 'News',
        featured_image: '/images/blog-1.svg',
        author_name: 'Edge Test',
        published: false,
      })
      .select('id')
      .single()
    const { data: token } = await admin.rpc('create_post_preview', { post_id: draft!.id })
    for (const route of ['/admin', '/admin/login', `/preview/${token as string}`]) {
      await get(varnish.url, route)
      const again = await get(varnish.url, route)
      expect(again.status, route).toBe(200)
      expect(again.headers.get('x-cache'), route).toBe('MISS')
      expect(again.headers.get('cache-control'), route).toContain('no-store')
    }
    const form = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: siteEnv.SITE_URL! } }
    for (const email of ['edge-one@example.com', 'edge-two@example.com']) {
      const answer = await get(varnish.url, '/leads/newsletter', { ...form, body: new URLSearchParams({ email }) })
      expect(answer.status).toBe(200)
      expect(answer.headers.get('x-cache')).toBe('MISS')
      expect(answer.headers.get('cache-control')).toContain('no-store')
    }
  })

  test('with the backend stopped, Varnish and a restarted instance keep the last published text', async () => {
    const before = await (await get(varnish.url, '/clients')).text()
    const team = /<h3[^>]*>([^<]+)<\/h3>/.exec(await (await get(two.url, '/about')).text())?.[1]
    expect(team).toBeTruthy()
    await backend.stop()

    const cached = await get(varnish.url, '/clients')
    expect(cached.status).toBe(200)
    expect(await cached.text()).toBe(before)

    // A restart empties the instance's page cache: what it serves now comes from its disk.
    await two.stop()
    two = await startSite(backend.url, backend.keys.publishableKey, { ...siteEnv, PORT: new URL(two.url).port, PAGE_STORE_DIR: twoStore })
    for (let i = 0; i < 3; i++) {
      const page = await get(two.url, '/about')
      expect(page.status).toBe(200)
      expect(page.headers.get('x-page-fallback')).toBe('last-good')
      expect(page.headers.get('cache-control')).toContain('stale-if-error=')
      expect(await page.text()).toContain(team!)
    }
    // The outage is said once, not once per request.
    expect(two.output().match(/Supabase is not answering/g)).toHaveLength(1)
  })
})
