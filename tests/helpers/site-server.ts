// Starts the production web server (server/, as `npm start` runs it) against a test backend, on a
// free port, and a recording relay in between when a test needs to see what the web server sends
// to Supabase (headers, how many reads reach the database).
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, vi } from 'vitest'
import { ensureWebBuild, buildDir } from '../../scripts/lib/web-build.ts'
import type { LocalBackend } from './local-backend.ts'

export interface SiteServer {
  url: string
  /** The web server's process id (its CPU time is in /proc/<pid>/stat). */
  pid: number
  output(): string
  stop(): Promise<void>
  /** Moves the web server's clock forward (server/test-clock.ts): a shared render expires, a new second begins. */
  advanceClock(ms: number): Promise<void>
  /** Stops or starts reading the web server's standard output, as a log collector that falls behind would. */
  readOutput(reading: boolean): void
}

/** `publicKey`: the project's publishable key (or its legacy anon key), passed as SUPABASE_PUBLISHABLE_KEY. */
export async function startSite(supabaseUrl: string, publicKey: string, env: NodeJS.ProcessEnv = {}): Promise<SiteServer> {
  const entry = await ensureWebBuild({ quiet: true })
  // The last good pages of this server alone (a test may stop its backend and look at them).
  const pageStore = await mkdtemp(path.join(tmpdir(), 'site-pages-'))
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SUPABASE_URL: supabaseUrl,
      SUPABASE_PUBLISHABLE_KEY: publicKey,
      TEST_CLOCK: '1',
      PAGE_STORE_DIR: pageStore,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  })
  // The channel carries only clock moves; it keeps neither process alive.
  child.channel?.unref()
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output)
      if (match) resolve(match[1].replace('localhost', '127.0.0.1'))
    })
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => reject(new Error(`the web server exited (${code}) before listening:\n${output}`)))
  })
  return {
    url,
    pid: child.pid!,
    output: () => output,
    readOutput: (reading) => void (reading ? child.stdout?.resume() : child.stdout?.pause()),
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      })
      await rm(pageStore, { recursive: true, force: true })
    },
    advanceClock: (ms: number) =>
      new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          clearTimeout(unanswered)
          child.off('message', answered)
          if (error) reject(error)
          else resolve()
        }
        const answered = (message: unknown) => {
          if (typeof message === 'object' && message !== null && 'clockNow' in message) done()
        }
        const unanswered = setTimeout(() => done(new Error('the web server did not move its clock (is TEST_CLOCK=1 set?)')), 10_000)
        child.on('message', answered)
        child.send({ advanceMs: ms }, (error) => {
          if (error) done(error)
        })
      }),
  }
}

/** What the web server logged while `work` ran: read up to a later request's own log line. */
export async function logOf(site: SiteServer, work: () => Promise<void>): Promise<string> {
  const before = site.output().length
  await work()
  const marker = (await fetch(`${site.url}/healthz`)).headers.get('x-request-id')!
  await vi.waitFor(() => expect(site.output().slice(before)).toContain(marker), { timeout: 5000, interval: 20 })
  return site.output().slice(before)
}

/** The log's lines other than each request's own access line. */
export function problemLines(log: string): string[] {
  return log
    .trim()
    .split('\n')
    .filter((line) => !line.includes('"msg":"request"'))
}

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
}

export interface Relay {
  url: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** An HTTP relay to the backend that records every request passing through. */
export async function startRelay(backend: LocalBackend): Promise<Relay> {
  const target = new URL(backend.url)
  const requests: RecordedRequest[] = []
  const server: Server = createServer((req, res) => {
    requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers })
    const upstream = httpRequest({ hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    upstream.on('error', () => res.destroy())
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
