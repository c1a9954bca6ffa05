// Clients that send slowly, stop, or go away: a post's body has a deadline that moves with the bytes
// that arrived, headers have their own, uploads (a CV) are read a few at a time site-wide and per
// client and beyond that refused before their body is read, so 40 stalled uploads leave the
// server's memory where it was; a visitor who goes away mid-upload is a 499 logged at info, not a
// server error. Behind a trusted proxy, as deployed, so each test's visitors are its own.
import { connect } from 'node:net'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend'
import { openUpload, type OpenUpload } from '../helpers/raw-http'
import { logOf, problemLines, startSite, type SiteServer } from '../helpers/site-server'

const METRICS_TOKEN = 'slow-clients-metrics-token'

let backend: LocalBackend
let site: SiteServer
let jobPath: string

beforeAll(async () => {
  backend = await startLocalBackend()
  site = await startSite(backend.url, backend.keys.anonKey, { TRUST_PROXY: '1', METRICS_TOKEN, MALLOC_ARENA_MAX: '2' })
  const { data } = await backend.service().from('job_openings').select('slug').eq('active', true).limit(1).single()
  jobPath = `/careers/${data!.slug as string}`
})

afterAll(async () => {
  await site?.stop()
  await backend?.dispose()
})

const MB = 1024 * 1024

/** An application's post from `visitor` declaring `declared` bytes, of which `sent` are written now. */
function upload(visitor: string, declared: number, sent: number): OpenUpload {
  return openUpload(
    site.url,
    jobPath,
    { 'content-type': 'multipart/form-data; boundary=stalled', 'content-length': String(declared), 'x-forwarded-for': visitor },
    Buffer.alloc(sent, 0x61),
  )
}

/** Ends uploads from the client side and waits until the server has let go of each. */
async function abandon(uploads: OpenUpload[]): Promise<void> {
  for (const each of uploads) each.request.destroy()
  await vi.waitFor(() => expect(uploads.every((each) => each.closed())).toBe(true))
  // The server notices a closed connection on its next read.
  await new Promise((resolve) => setTimeout(resolve, 200))
}

async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024
}

describe('deadlines', () => {
  it('answers a body that stops arriving with 408 once its deadline passes, closes the connection and warns once', async () => {
    let stalled: OpenUpload | undefined
    let status = 0
    const log = await logOf(site, async () => {
      stalled = openUpload(
        site.url,
        '/leads/contact',
        { 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked', 'x-forwarded-for': '198.51.100.1' },
        Buffer.from('firstName=Slow&lastName=Sender&email='),
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      await site.advanceClock(60_000)
      status = (await stalled.answer).status
      await vi.waitFor(() => expect(stalled!.closed()).toBe(true))
    })
    expect(status).toBe(408)
    expect(problemLines(log), log).toEqual([expect.stringMatching(/"level":40.*sending took too long \(408\)/)])
  })

  it('closes a connection whose headers have not arrived within 10 s', { timeout: 30_000 }, async () => {
    const { hostname, port } = new URL(site.url)
    const socket = connect(Number(port), hostname)
    const started = Date.now()
    socket.write('GET /about HTTP/1.1\r\nHost: www.site.example\r\nX-Trickle: ')
    const closedAfter = await new Promise<number>((resolve) => {
      socket.on('data', () => undefined)
      socket.on('close', () => resolve(Date.now() - started))
      socket.on('error', () => undefined)
      setTimeout(() => resolve(Infinity), 20_000).unref()
    })
    socket.destroy()
    expect(closedAfter).toBeLessThan(15_000)
  })
})

describe('uploads at once', () => {
  it('refuses a third upload from one client with 429 and a fifth on the site with 503, before reading either, until one ends', async () => {
    const held = [upload('198.51.100.10', 2 * MB, 64 * 1024), upload('198.51.100.10', 2 * MB, 64 * 1024)]
    await new Promise((resolve) => setTimeout(resolve, 300))
    const third = upload('198.51.100.10', 2 * MB, 1024)
    const client = await third.answer
    expect(client.status).toBe(429)
    expect(Number(client.headers['retry-after'])).toBeGreaterThan(0)

    held.push(upload('198.51.100.11', 2 * MB, 64 * 1024), upload('198.51.100.12', 2 * MB, 64 * 1024))
    await new Promise((resolve) => setTimeout(resolve, 300))
    const fifth = upload('198.51.100.13', 2 * MB, 1024)
    const siteWide = await fifth.answer
    expect(siteWide.status).toBe(503)
    expect(Number(siteWide.headers['retry-after'])).toBeGreaterThan(0)

    await abandon([...held, third, fifth])
    // Slots are free again: this one is read whole (and answered by the form: its body is no form).
    const after = upload('198.51.100.13', 1024, 1024)
    after.request.end()
    expect((await after.answer).status).toBe(400)
  })

  it('keeps memory flat under 40 stalled uploads of 5 MB each', { timeout: 60_000 }, async () => {
    const before = await residentBytes(site.pid)
    const uploads: OpenUpload[] = []
    const written: Promise<void>[] = []
    for (let i = 0; i < 40; i++) {
      const each = upload(`198.51.100.${100 + i}`, 5 * MB + 32 * 1024, 0)
      written.push(new Promise<void>((resolve) => each.request.write(Buffer.alloc(5 * MB, 0x61), () => resolve())))
      each.request.on('error', () => undefined)
      uploads.push(each)
    }
    // Every byte is with the server (in its buffers or read and dropped), and the uploads stall.
    await Promise.race([Promise.all(written), new Promise((resolve) => setTimeout(resolve, 20_000))])
    await new Promise((resolve) => setTimeout(resolve, 1000))
    const stalled = await residentBytes(site.pid)
    await abandon(uploads)
    const after = await residentBytes(site.pid)
    const mb = (bytes: number) => Math.round(bytes / MB)
    console.log(`web server memory (RSS) under 40 stalled 5 MB uploads: ${mb(before)} MB before, ${mb(stalled)} MB stalled, ${mb(after)} MB after they ended`)
    // Four uploads in flight hold 20 MB; the rest were refused and never kept.
    expect(stalled - before).toBeLessThan(64 * MB)
  })
})

describe('a visitor who goes away', () => {
  it('is logged at info and counted as 499, not as a server error', async () => {
    const log = await logOf(site, async () => {
      const leaving = upload('198.51.100.20', 1 * MB, 200 * 1024)
      await new Promise((resolve) => setTimeout(resolve, 300))
      await abandon([leaving])
    })
    expect(log).not.toMatch(/"level":50|\n\s+at /)
    expect(log).toMatch(/"level":30[^\n]*"method":"POST"[^\n]*"status":499/)
    const metrics = await (await fetch(`${site.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
    expect(metrics).toMatch(/web_http_requests_total\{method="POST",route="\/careers\/:slug",status="499"\} [1-9]/)
    expect(metrics).not.toMatch(/status="500"/)
  })
})
