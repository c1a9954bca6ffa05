// Purge on change, from the database: a web server with the service role drops a changed page from
// its own cache and purges its keys at the configured cache in front (an HTTP server answering as
// Varnish would) within 2 s, whatever wrote the change, a scheduled post going live included; a
// purge the target refuses stays in the outbox with its error, to be tried again. And the budget of
// renders of pages nobody cached: one client's flood of invented addresses gets 429 with
// Retry-After while every other visitor, and every cached page, is served as before.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { purgesDelivered } from '../helpers/purge-outbox'
import { startSite, type SiteServer } from '../helpers/site-server'

const WITHIN_MS = 2000
const MISS_RENDERS_PER_MINUTE = 20

let backend: LocalBackend
let site: SiteServer
let edge: Server
let edgeStatus = 200
const purged: { at: number; keys: string[]; headers: IncomingHttpHeaders }[] = []

beforeAll(async () => {
  edge = createServer((req, res) => {
    if (req.method === 'PURGE') purged.push({ at: performance.now(), keys: String(req.headers['surrogate-key']).split(' '), headers: req.headers })
    res.writeHead(edgeStatus).end()
  })
  await new Promise<void>((resolve) => edge.listen(0, '127.0.0.1', resolve))
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.publishableKey, {
    SUPABASE_SECRET_KEY: backend.keys.secretKey,
    PURGE_VARNISH_URLS: `http://127.0.0.1:${(edge.address() as AddressInfo).port}`,
    TRUST_PROXY: '1',
    MISS_RENDERS_PER_MINUTE: String(MISS_RENDERS_PER_MINUTE),
  })
  await purgesDelivered(backend)
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
  await new Promise<void>((resolve) => edge.close(() => resolve()))
})

const page = async (route: string, from = '203.0.113.1') => {
  const response = await fetch(new URL(route, site.url), { redirect: 'manual', headers: { 'X-Forwarded-For': from } })
  return { status: response.status, headers: response.headers, html: await response.text() }
}

/** Polls until `done` holds; the time it took (or more than 10 s). */
async function until(done: () => Promise<boolean>): Promise<number> {
  const started = performance.now()
  while (!(await done()) && performance.now() - started < 10_000) await new Promise((resolve) => setTimeout(resolve, 50))
  return performance.now() - started
}

const purgedKey = (key: string, since: number) => purged.some((purge) => purge.at >= since && purge.keys.includes(key))

describe('purge on change', () => {
  it('a change made with supabase-js leaves this server and the cache in front within 2 s', async () => {
    const before = await page('/about')
    expect(before.headers.get('surrogate-key')).toContain('team')
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const { data: member } = await admin.from('team_members').select('id, name').order('order_index').limit(1).single()
    expect(before.html).toContain(member!.name)

    const since = performance.now()
    expect((await admin.from('team_members').update({ name: 'Renamed By A Script' }).eq('id', member!.id)).error).toBeNull()
    expect(await until(async () => (await page('/about')).html.includes('Renamed By A Script'))).toBeLessThanOrEqual(WITHIN_MS)
    expect(await until(async () => purgedKey('team', since))).toBeLessThanOrEqual(WITHIN_MS)
    // Exactly the keys of what changed.
    expect(purged.find((purge) => purge.at >= since)!.keys).toEqual(['team'])
  })

  it('a scheduled post going live is purged when its time comes, with no write at that moment', async () => {
    const service = backend.service()
    const now = backend.now()
    const { data: post } = await service
      .from('blog_posts')
      .insert({
        slug: 'scheduled-for-the-edge',
        title: 'Live on the minute',
        excerpt: 'Scheduled.',
        content: '<p>Scheduled.</p>',
        category: 'News',
        featured_image: '/images/blog-1.svg',
        author_name: 'Scheduler',
        published: true,
        publish_at: new Date(now + 60_000).toISOString(),
      })
      .select('id')
      .single()
    await purgesDelivered(backend)
    expect((await page('/resources')).html).not.toContain('Live on the minute')

    const since = performance.now()
    await backend.advanceClock(61_000)
    expect(await until(async () => purgedKey(`post:${post!.id}`, since))).toBeLessThanOrEqual(WITHIN_MS)
    expect(await until(async () => (await page('/resources')).html.includes('Live on the minute'))).toBeLessThanOrEqual(WITHIN_MS)
  })

  it('a purge the cache in front refuses stays in the outbox with its error, to be tried again', async () => {
    edgeStatus = 503
    try {
      const service = backend.service()
      await service.from('clients').insert({ name: 'Refused Purge Bank' })
      let row: { attempts: number; last_error: string | null; delivered_at: string | null; next_attempt_at: string } | undefined
      await until(async () => {
        const { data } = await service.from('edge_purges').select('attempts, last_error, delivered_at, next_attempt_at, keys').contains('keys', ['clients'])
        row = data?.find((candidate) => candidate.last_error !== null)
        return row !== undefined
      })
      expect(row?.last_error).toMatch(/varnish http:\/\/127\.0\.0\.1:\d+: HTTP 503/)
      expect(row?.delivered_at).toBeNull()
      expect(Date.parse(row!.next_attempt_at)).toBeGreaterThan(Date.now())
    } finally {
      edgeStatus = 200
    }
  })
})

describe('renders of pages nobody cached', () => {
  it('a flood of invented addresses from one client gets 429 past its budget; other visitors and cached pages are served', async () => {
    await page('/about')
    const answers: number[] = []
    for (let i = 0; i < MISS_RENDERS_PER_MINUTE + 10; i++) answers.push((await page(`/resources/blog/invented-${i}`, '198.51.100.7')).status)
    expect(answers.slice(0, MISS_RENDERS_PER_MINUTE).every((status) => status === 302)).toBe(true)
    expect(answers.slice(MISS_RENDERS_PER_MINUTE).every((status) => status === 429)).toBe(true)
    const refused = await page('/resources/blog/invented-again', '198.51.100.7')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)

    expect((await page('/resources/blog/someone-elses-typo', '192.0.2.55')).status).toBe(302)
    expect((await page('/about', '198.51.100.7')).status).toBe(200)
  })
})
