// Old links keep working: renaming a post answers its old address with a 301 to the new one, staff's
// own redirects (302 too) take effect within about a second, and a redirect costs no database read
// per request (the web server keeps a copy it refreshes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let relay: Relay
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  site = await startSite(relay.url, backend.keys.anonKey)
})

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

/**
 * Asks until `path` answers with `status` (or gives up after `ms`). Until the web server has read a
 * new redirect, a removed post's address answers as before (a 302 to /resources).
 */
async function redirectOf(path: string, status: 301 | 302, ms = 3000): Promise<Response> {
  const until = Date.now() + ms
  for (;;) {
    const answer = await fetch(new URL(path, site.url), { redirect: 'manual' })
    await answer.arrayBuffer()
    if (answer.status === status || Date.now() > until) return answer
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe('redirects', () => {
  it('sends the old address of a renamed post to the new one, permanently, keeping the query', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { data: post } = await admin.from('blog_posts').select('id, slug').eq('published', true).limit(1).single()
    expect(post).not.toBeNull()
    const renamed = `${post!.slug}-renamed`
    const { error } = await admin.from('blog_posts').update({ slug: renamed }).eq('id', post!.id)
    expect(error).toBeNull()

    const answer = await redirectOf(`/resources/blog/${post!.slug}?ref=mail`, 301)
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe(`/resources/blog/${renamed}?ref=mail`)

    const page = await fetch(new URL(answer.headers.get('location')!, site.url))
    expect(page.status).toBe(200)
  })

  it("sends a renamed role's old address to its new page (301); an address that never was a role is not found (404)", async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { data: job } = await admin.from('job_openings').select('id, slug').eq('slug', 'product-designer').single()
    const { error } = await admin.from('job_openings').update({ slug: 'senior-product-designer' }).eq('id', job!.id)
    expect(error).toBeNull()
    const answer = await redirectOf('/careers/product-designer', 301)
    expect(answer.status).toBe(301)
    expect(answer.headers.get('location')).toBe('/careers/senior-product-designer')
    expect((await fetch(new URL('/careers/senior-product-designer', site.url))).status).toBe(200)

    const missing = await fetch(new URL('/careers/no-such-role', site.url), { redirect: 'manual' })
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('href="/careers/senior-product-designer"')
  })

  it('applies a redirect staff add, with its status, case aside; a trailing slash first goes to the path without it', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { error } = await admin.from('redirects').insert({ from_path: '/old-offer', to_path: 'https://partner.example.com/offer', status_code: 302 })
    expect(error).toBeNull()
    const answer = await redirectOf('/Old-Offer', 302)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('https://partner.example.com/offer#')
    const slashed = await fetch(new URL('/Old-Offer/', site.url), { redirect: 'manual' })
    expect([slashed.status, slashed.headers.get('location')]).toEqual([301, '/Old-Offer'])
  })

  it("gives a redirect to another site a fragment of its own, so the address's #tokens stay here", async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const rows = [
      { from_path: '/landing', to_path: 'https://partner.example.com/welcome' },
      { from_path: '/landing-anchor', to_path: 'https://partner.example.com/welcome#top' },
      { from_path: '/landing-here', to_path: '/about' },
    ]
    expect((await admin.from('redirects').insert(rows)).error).toBeNull()
    // A browser keeps the request's fragment only when the Location has none (Fetch, HTTP-redirect fetch).
    expect((await redirectOf('/landing', 301)).headers.get('location')).toBe('https://partner.example.com/welcome#')
    expect((await redirectOf('/landing-anchor', 301)).headers.get('location')).toBe('https://partner.example.com/welcome#top')
    // On this site the fragment may follow: it stays with the site.
    expect((await redirectOf('/landing-here', 301)).headers.get('location')).toBe('/about')
  })

  it('reads no redirect from the database per request', async () => {
    await redirectOf('/old-offer', 302)
    const reads = () => relay.requests.filter((r) => r.path.startsWith('/rest/v1/redirects')).length
    const before = reads()
    const started = Date.now()
    await Promise.all(Array.from({ length: 50 }, () => fetch(new URL('/old-offer', site.url), { redirect: 'manual' }).then((r) => r.arrayBuffer())))
    const seconds = (Date.now() - started) / 1000
    // Only the refresh runs (about one read a second), whatever the number of requests.
    expect(reads() - before).toBeLessThanOrEqual(Math.ceil(seconds) + 1)
  })
})
