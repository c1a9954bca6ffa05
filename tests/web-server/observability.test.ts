// What an operator sees of the running web server: one JSON log line per request under a request
// id that the response, every other line of that request and the Supabase APIs all carry; /metrics
// in Prometheus's format behind METRICS_TOKEN; /healthz naming the part that is down.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startRelay, startSite, type Relay, type SiteServer } from '../helpers/site-server'

const TOKEN = 'metrics-token-for-the-tests-0123456789'

let backend: LocalBackend
let relay: Relay
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  site = await startSite(relay.url, backend.keys.anonKey, { SUPABASE_PROXY: '1', METRICS_TOKEN: TOKEN, PAGE_CACHE_MS: '60000' })
})

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

type LogLine = Record<string, unknown> & { msg?: string; reqId?: string }

/** The server's log so far, one parsed object per line (every line must be JSON). */
function logLines(server: SiteServer): LogLine[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as LogLine)
}

// A log line is written after its response is sent: waited for.
const LOG_WAIT = { timeout: 5000, interval: 20 }
const fail = (why: string): never => {
  throw new Error(why)
}

async function metrics(server: SiteServer): Promise<string> {
  const response = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toContain('text/plain')
  return response.text()
}

/** The value of one sample, e.g. `web_http_requests_total{method="GET",route="/about",status="200"}`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (Object.entries(labels).every(([key, value]) => line.includes(`${key}="${value}"`))) return Number(line.split(' ').pop())
  }
  return 0
}

/** What the relay saw since `from`, less the server's own reads of the redirects (a timer's, of no request). */
const callsSince = (from: number) => relay.requests.slice(from).filter((call) => !call.path.startsWith('/rest/v1/redirects'))

describe('request ids and the log', () => {
  it('gives every response an id that its log line and its calls to Supabase carry', async () => {
    const count = relay.requests.length
    const response = await fetch(`${site.url}/careers`)
    expect(response.status).toBe(200)
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const line = await vi.waitFor(() => logLines(site).find((l) => l.msg === 'request' && l.reqId === id) ?? fail('no log line yet'), LOG_WAIT)
    expect(line).toMatchObject({ method: 'GET', path: '/careers', route: '/careers', status: 200 })
    const calls = callsSince(count)
    expect(calls.length).toBeGreaterThan(0)
    for (const call of calls) expect(call.headers['x-request-id']).toBe(id)
  })

  it("puts the id on the app's own lines of that request, and hands it to the proxied APIs", async () => {
    // A post from another origin is refused with a warning in the log.
    const refused = await fetch(`${site.url}/leads/contact`, { method: 'POST', headers: { origin: 'https://elsewhere.example' }, body: 'x=1' })
    expect(refused.status).toBe(400)
    const id = refused.headers.get('x-request-id')
    const warning = await vi.waitFor(
      () => logLines(site).find((l) => typeof l.msg === 'string' && l.msg.includes('from another origin')) ?? fail('no warning yet'),
      LOG_WAIT,
    )
    expect(warning.reqId).toBe(id)

    const count = relay.requests.length
    const proxied = await fetch(`${site.url}/rest/v1/site_settings?select=key&limit=1`, {
      headers: { apikey: backend.keys.anonKey, 'x-request-id': 'forged-by-a-visitor' },
    })
    expect(proxied.status).toBe(200)
    const proxiedId = proxied.headers.get('x-request-id')
    expect(proxiedId).not.toBe('forged-by-a-visitor')
    expect(callsSince(count).map((r) => r.headers['x-request-id'])).toEqual([proxiedId])
  })

  it("keeps a trusted proxy's X-Request-Id and refuses one that is not a short token", async () => {
    const behindProxy = await startSite(relay.url, backend.keys.anonKey, { TRUST_PROXY: '1' })
    try {
      const kept = await fetch(`${behindProxy.url}/about`, { headers: { 'x-request-id': 'edge-7f3a9c' } })
      expect(kept.headers.get('x-request-id')).toBe('edge-7f3a9c')
      const replaced = await fetch(`${behindProxy.url}/about`, { headers: { 'x-request-id': 'a b\tc' } })
      expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
    } finally {
      await behindProxy.stop()
    }
    // Without a trusted proxy a visitor's id is not believed.
    const direct = await fetch(`${site.url}/about`, { headers: { 'x-request-id': 'edge-7f3a9c' } })
    expect(direct.headers.get('x-request-id')).not.toBe('edge-7f3a9c')
  })
})

describe('/metrics', () => {
  it('does not exist without METRICS_TOKEN, and refuses a request without the token', async () => {
    const bare = await startSite(relay.url, backend.keys.anonKey)
    try {
      expect((await fetch(`${bare.url}/metrics`)).status).toBe(404)
    } finally {
      await bare.stop()
    }
    expect((await fetch(`${site.url}/metrics`)).status).toBe(401)
    expect((await fetch(`${site.url}/metrics`, { headers: { authorization: 'Bearer wrong-token-of-the-same-size-0123' } })).status).toBe(401)
  })

  it('counts requests by route pattern and status, their latency, the page cache and the process', async () => {
    const before = await metrics(site)
    const label = { method: 'GET', route: '/solutions/:slug', status: '200' }
    await fetch(`${site.url}/solutions/banking`).then((r) => r.text())
    await fetch(`${site.url}/solutions/banking`).then((r) => r.text())
    // An unknown solution sends the visitor to the list.
    await fetch(`${site.url}/solutions/no-such-solution`, { redirect: 'manual' }).then((r) => r.text())
    const after = await metrics(site)
    expect(sample(after, 'web_http_requests_total', label) - sample(before, 'web_http_requests_total', label)).toBe(2)
    const moved = { ...label, status: '302' }
    expect(sample(after, 'web_http_requests_total', moved) - sample(before, 'web_http_requests_total', moved)).toBe(1)
    expect(sample(after, 'web_http_request_duration_seconds_count', { route: '/solutions/:slug' })).toBeGreaterThanOrEqual(3)
    expect(after).toMatch(/web_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/solutions\/:slug"\}/)
    // The second visit was served from the first one's render.
    expect(
      sample(after, 'web_page_cache_lookups_total', { outcome: 'hit' }) - sample(before, 'web_page_cache_lookups_total', { outcome: 'hit' }),
    ).toBeGreaterThanOrEqual(1)
    expect(
      sample(after, 'web_page_cache_lookups_total', { outcome: 'miss' }) - sample(before, 'web_page_cache_lookups_total', { outcome: 'miss' }),
    ).toBeGreaterThanOrEqual(1)
    expect(sample(after, 'web_page_cache_bytes')).toBeGreaterThan(0)
    expect(after).toMatch(/^nodejs_eventloop_lag_seconds \d/m)
    expect(sample(after, 'process_resident_memory_bytes')).toBeGreaterThan(0)
  })
})

describe('/healthz', () => {
  it('reports each part, the version and the uptime, and nothing secret', async () => {
    const response = await fetch(`${site.url}/healthz`)
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(JSON.parse(body)).toMatchObject({
      status: 'ok',
      checks: { backend: 'ok', database: 'ok', storage: 'ok' },
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
    })
    expect(JSON.parse(body).uptimeSeconds).toBeGreaterThanOrEqual(0)
    expect(body).not.toContain(backend.keys.anonKey)
    expect(body).not.toContain('127.0.0.1')
  })

  it('says the backend is down when nothing answers, without the error', async () => {
    const orphan = await startSite('http://127.0.0.1:9', backend.keys.anonKey)
    try {
      const response = await fetch(`${orphan.url}/healthz`)
      expect(response.status).toBe(503)
      const body = await response.text()
      expect(JSON.parse(body)).toMatchObject({ status: 'unavailable', checks: { backend: 'down', database: 'unknown', storage: 'unknown' } })
      expect(body).not.toMatch(/ECONNREFUSED|fetch failed|127\.0\.0\.1/)
    } finally {
      await orphan.stop()
    }
  })
})
