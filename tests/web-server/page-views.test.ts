// The page-view endpoint of the production web server against a hostile client: made-up paths are
// not counted, one client's beacons are limited per minute, and no flood of stored paths keeps a
// real page from being counted. The web server trusts one proxy here, so each test speaks for its
// own visitor through X-Forwarded-For, as a load balancer would.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PUBLIC_PAGES } from '../../src/features/feeds/public-pages'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'

let backend: LocalBackend
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey, { TRUST_PROXY: '1' })
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

function beacon(path: string, visitor: string): Promise<Response> {
  return fetch(`${site.url}/leads/page-view`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER, 'x-forwarded-for': visitor },
    body: JSON.stringify({ path }),
  })
}

async function todaysViews(): Promise<Map<string, number>> {
  const { data, error } = await backend.service().from('page_views').select('path, count').eq('day', new Date().toISOString().slice(0, 10)).limit(20_000)
  expect(error).toBeNull()
  return new Map((data ?? []).map((row: { path: string; count: number }) => [row.path, row.count]))
}

describe('page views from a hostile client', { timeout: 120_000 }, () => {
  it('counts no made-up path, however many a client sends', async () => {
    const before = await todaysViews()
    for (let i = 0; i < 300; i++) expect((await beacon(`/made-up-${i}`, '198.51.100.10')).status).toBe(204)
    expect((await beacon('/solutions/no-such-solution', '198.51.100.10')).status).toBe(204)
    expect(await todaysViews()).toEqual(before)
  })

  it('counts every public page and each existing solution and published post', async () => {
    const service = backend.service()
    const solution = await service.from('solutions').insert({
      slug: 'http-test-solution',
      title: 'S',
      category: 'C',
      shortdescription: 'Short',
      longdescription: 'Long',
      icon: 'Bot',
      url: 'https://x.example',
      metadescription: 'Meta',
    })
    expect(solution.error).toBeNull()
    const post = await service.from('blog_posts').insert({
      slug: 'http-test-post',
      title: 'P',
      excerpt: 'E',
      content: '<p>c</p>',
      category: 'News',
      author_name: 'A',
      featured_image: '/images/a.png',
      published: true,
    })
    expect(post.error).toBeNull()
    const pages = [...PUBLIC_PAGES.map((page) => page.path), '/solutions/http-test-solution', '/resources/blog/http-test-post']
    const before = await todaysViews()
    // One visitor per page, so the per-client limit plays no part.
    await Promise.all(pages.map((path, i) => beacon(path, `198.51.100.${100 + i}`)))
    const after = await todaysViews()
    for (const path of pages) expect(after.get(path) ?? 0, path).toBe((before.get(path) ?? 0) + 1)
  })

  it('counts at most 30 beacons a minute from one client, and still counts other clients', async () => {
    const views = async () => (await todaysViews()).get('/products') ?? 0
    const start = await views()
    for (let i = 0; i < 40; i++) await beacon('/products', '198.51.100.20')
    const counted = (await views()) - start
    // The minute may turn during the burst, which gives the client a second allowance.
    expect(counted).toBeGreaterThanOrEqual(30)
    expect(counted).toBeLessThan(40)
    await beacon('/products', '198.51.100.21')
    expect((await views()) - start).toBe(counted + 1)
  })

  it('counts a real page even after 10,000 paths were stored today', async () => {
    const day = new Date().toISOString().slice(0, 10)
    for (let chunk = 0; chunk < 10; chunk++) {
      const flood = Array.from({ length: 1_000 }, (_, i) => ({ path: `/flood-${chunk * 1_000 + i}`, day, count: 1 }))
      expect((await backend.service().from('page_views').insert(flood)).error).toBeNull()
    }
    // A page first viewed today only after the flood.
    const solution = await backend.service().from('solutions').insert({
      slug: 'http-test-late',
      title: 'L',
      category: 'C',
      shortdescription: 'Short',
      longdescription: 'Long',
      icon: 'Bot',
      url: 'https://x.example',
      metadescription: 'Meta',
    })
    expect(solution.error).toBeNull()
    await beacon('/solutions/http-test-late', '198.51.100.30')
    expect((await todaysViews()).get('/solutions/http-test-late')).toBe(1)
  })
})
