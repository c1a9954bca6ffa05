// The web server's log is one line per request on its standard output, usually a pipe to a log
// collector. A collector that falls behind (or stops) fills the pipe; the server must keep
// answering meanwhile and send the lines once the pipe drains, never wait on it.
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { startSite, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey)
})

afterAll(async () => {
  site?.readOutput(true)
  await site?.stop()
  await backend?.dispose()
})

// Far more log than a pipe holds (a line is about 250 bytes, a pipe's buffer 64–256 KB).
const REQUESTS = 4000
const AT_ONCE = 20

it('keeps answering while nobody reads its log, and writes every line once the reader is back', { timeout: 60_000 }, async () => {
  site.readOutput(false)
  const ids: string[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next < REQUESTS) {
        next += 1
        const response = await fetch(`${site.url}/favicon.svg`)
        await response.arrayBuffer()
        expect(response.status).toBe(200)
        ids.push(response.headers.get('x-request-id')!)
      }
    }),
  )
  expect(ids).toHaveLength(REQUESTS)
  site.readOutput(true)
  await vi.waitFor(() => expect(site.output()).toContain(ids.at(-1)), { timeout: 30_000, interval: 100 })
  const logged = new Set(site.output().match(/"reqId":"[^"]+"/g))
  expect(ids.filter((id) => !logged.has(`"reqId":"${id}"`))).toEqual([])
})
