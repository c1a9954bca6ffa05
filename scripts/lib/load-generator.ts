// A load generator in a process of its own (autocannon in a child Node process), so a benchmark's
// own work never runs on the event loop that also times the answers, and the process whose CPU is
// read is only ever the server's. `runLoad` forks this file; the child runs one load and answers.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import autocannon, { type RawRequest } from 'autocannon'
import { runWrk, wrkCanDrive } from './wrk-load.ts'

export interface LoadSpec {
  /** The site's origin, e.g. http://127.0.0.1:3000. */
  url: string
  /** Requests go to these paths in turn (one path: every request to it). */
  paths: string[]
  /** A path new on every request: `{n}` is replaced by the request's number. */
  pathTemplate?: string
  /** A Host header new on every request (`{n}` as above). */
  hostTemplate?: string
  /** Each request from a client of its own, as a trusted proxy would name it in X-Forwarded-For. */
  newClientEach?: boolean
  /** At most this many requests a second, all connections together (default: as fast as answered). */
  overallRate?: number
  headers: Record<string, string>
  connections: number
  /** Seconds to run, or a number of requests to send. */
  duration?: number
  amount?: number
}

export interface LoadSummary {
  /** Answers received. */
  answered: number
  requestsPerSecond: number
  p50: number
  p99: number
  max: number
  non2xx: number
  errors: number
  timeouts: number
  /** The generator's own CPU time per answer: when it nears the server's, the generator sets the pace. */
  generatorCpuMs: number
  /** Answers by status code (autocannon only). */
  statuses?: Record<string, number>
}

const fill = (template: string, n: number) => template.replaceAll('{n}', String(n))

async function drive(spec: LoadSpec): Promise<LoadSummary> {
  let n = 0
  const cpuBefore = process.cpuUsage()
  // Every request goes through the same builder, so fixed and varying targets cost the generator alike.
  const setupRequest = (request: RawRequest): RawRequest => {
    n += 1
    const headers: Record<string, string> = { ...request.headers }
    if (spec.hostTemplate) headers.host = fill(spec.hostTemplate, n)
    if (spec.newClientEach) headers['x-forwarded-for'] = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
    const path = spec.pathTemplate ? fill(spec.pathTemplate, n) : spec.paths[n % spec.paths.length]
    return { ...request, path, headers }
  }
  const result = await autocannon({
    url: spec.url + spec.paths[0],
    headers: spec.headers,
    connections: spec.connections,
    // A key that is present but undefined would override autocannon's defaults and fail its checks.
    ...(spec.duration !== undefined && { duration: spec.duration }),
    ...(spec.amount !== undefined && { amount: spec.amount }),
    ...(spec.overallRate !== undefined && { overallRate: spec.overallRate }),
    requests: [{ setupRequest }],
  })
  const answered = Object.values(result.statusCodeStats).reduce((sum, { count }) => sum + count, 0)
  const cpu = process.cpuUsage(cpuBefore)
  return {
    answered,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    generatorCpuMs: (cpu.user + cpu.system) / 1000 / Math.max(answered, 1),
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count])),
  }
}

/** Runs `spec` from a child process and resolves with what it measured. */
export function runLoad(spec: LoadSpec): Promise<LoadSummary> {
  if (process.env.BENCH_GENERATOR === 'wrk' && wrkCanDrive(spec)) return runWrk(spec)
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] })
  return new Promise((resolve, reject) => {
    child.once('message', (summary) => resolve(summary as LoadSummary))
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`the load generator exited (${code}) without a result`)))
    child.send(spec)
  })
}

// In the child: one load, its summary sent back, then exit.
if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  process.once('message', (spec) => {
    void drive(spec as LoadSpec).then((summary) => process.send!(summary, () => process.exit(0)))
  })
}
