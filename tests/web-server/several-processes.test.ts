// WEB_CONCURRENCY=2: two worker processes share the port and both serve pages and forms, /metrics
// counts for both whichever one a scrape reaches, and SIGTERM stops every process.
import { get } from 'node:http'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

const TOKEN = 'metrics-token-for-the-tests-0123456789'

let backend: LocalBackend
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey, { WEB_CONCURRENCY: '2', METRICS_TOKEN: TOKEN, SUPABASE_PROXY: '1' })
  // The first worker's "listening" line starts the tests' clock; wait for both.
  for (let i = 0; i < 600 && !site.output().includes('running 2 worker processes'); i++) await new Promise((resolve) => setTimeout(resolve, 100))
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

/** A GET on a connection of its own, so the kernel may hand it to either worker. */
function getAlone(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(`${site.url}${path}`, { agent: false, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    }).on('error', reject)
  })
}

const requestLines = () =>
  site
    .output()
    .split('\n')
    .filter((line) => line.includes('"msg":"request"'))
    .map((line) => JSON.parse(line) as { pid: number; path: string; status: number })

it('serves pages and forms from both processes, and counts both in /metrics', async () => {
  const before = requestLines().length
  for (let i = 0; i < 20; i++) expect((await getAlone('/about')).status).toBe(200)
  const sent = await fetch(`${site.url}/leads/contact`, {
    method: 'POST',
    body: new URLSearchParams({ firstName: 'Ada', lastName: 'Two', email: 'two-processes@example.com', message: 'Hello from a worker' }),
  })
  expect(sent.status).toBe(200)
  const { data } = await backend.service().from('contact_messages').select('id').eq('email', 'two-processes@example.com')
  expect(data).toHaveLength(1)

  // Each request's log line is written after its response: waited for, all 20.
  const aboutLines = () =>
    requestLines()
      .slice(before)
      .filter((l) => l.path === '/about')
  await vi.waitFor(() => expect(aboutLines()).toHaveLength(20), { timeout: 5000, interval: 20 })
  expect(new Set(aboutLines().map((l) => l.pid)).size).toBe(2)

  const scrape = await getAlone('/metrics', { authorization: `Bearer ${TOKEN}` })
  expect(scrape.status).toBe(200)
  const about = scrape.body
    .split('\n')
    .find((line) => line.startsWith('web_http_requests_total{') && line.includes('route="/about"') && line.includes('status="200"'))
  expect(Number(about?.split(' ').pop())).toBe(20)
})

it('stops every process on SIGTERM', async () => {
  const pids = [...new Set(requestLines().map((l) => l.pid))]
  expect(pids.length).toBe(2)
  await site.stop()
  const alive = (pid: number) => {
    try {
      process.kill(pid, 0)
      return true
    } catch {
      return false
    }
  }
  for (let i = 0; i < 50 && pids.some(alive); i++) await new Promise((resolve) => setTimeout(resolve, 100))
  expect(pids.filter(alive)).toEqual([])
})
