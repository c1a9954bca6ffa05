// `npm run bench:site`: the production web server under a burst of visitors. It builds when needed,
// starts the local backend and the web server (as `npm start` does) on free ports with a fresh
// DATA_DIR, and drives them from a load generator in a process of its own (scripts/lib/
// load-generator.ts), with a browser's headers (so responses are compressed as browsers get them).
// For each target it prints pages/s, p50 and p99, and the CPU time the web server and the backend
// spent per request (read from /proc before and after), which the load generator does not share
// and a busy machine hardly moves; each target's CPU is also given as a multiple of the static
// file's. Targets: a static file (/favicon.svg), /, /about, /resources and one blog post, at 50
// connections for BENCH_DURATION_S; then URLs that differ on every request: /about with a new
// tracking parameter, / under a new forged Host, /resources with a new search from one client (so
// its search quota applies) and from a new client each time (as seen through a trusted proxy's
// X-Forwarded-For), and unknown blog slugs. Then a cached page (/about) alone, and again while
// one client asks for a new unknown post address 200 times a second (its cache-miss renders are
// budgeted: past its budget it gets 429), side by side. Then a mix of public pages at 200
// connections for BENCH_MIX_DURATION_S (60 s), BENCH_MIX_RUNS (5) times in a row, each run's p99
// printed. Last, two floods of BENCH_FLOOD_URLS (10,000) distinct URLs: pages that do not exist,
// then searches from as many clients, with the memory 5 and 30 seconds after each. It asserts
// nothing. The web server runs as `npm start` runs it (with the secret key, so pages are shared
// until the database purges them, and its Node flags). WEB_CONCURRENCY=2 runs it as two worker
// processes (memory and CPU are then the sum of the primary and its workers). First it prints what
// each server cost to start: the backend on its new DATA_DIR (initdb, which it runs in a child
// process, then the migrations and the seed) and the web server until it listens.
//
// Beside each run of the mix it prints what the web server's event loop went through (its longest
// stall and p99 delay, from Node's monitorEventLoopDelay through /metrics) and its garbage
// collection time, and then the static file alone at the same 200 connections: a tail the static
// file shares is the machine's or the load generator's, not the pages'. The web server's log goes
// to a file, as a service manager's would. BENCH_SECTIONS (targets,flood,mix,memory: all by
// default) runs some of the parts.
import { spawn } from 'node:child_process'
import { closeSync, openSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { bundleBackend } from '../local-supabase/build.ts'
import { launchBackend } from '../local-supabase/launch.ts'
import { readKeys } from '../local-supabase/src/keys.ts'
import { runLoad, type LoadSpec, type LoadSummary } from './lib/load-generator.ts'
import { processTreeCpuMs, processTreeCpuWithExitedMs } from './lib/process-cpu.ts'
import { buildDir, ensureWebBuild, WEB_SERVER_NODE_FLAGS } from './lib/web-build.ts'

const CONNECTIONS = 50
const MIX_CONNECTIONS = 200
// BENCH_FLOOD_URLS=0 leaves the flood out (for comparing WEB_CONCURRENCY=1 and 2 on the pages alone).
const FLOOD_URLS = Number(process.env.BENCH_FLOOD_URLS ?? 10_000)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)
const MIX_DURATION_S = Number(process.env.BENCH_MIX_DURATION_S ?? 60)
const MIX_RUNS = Number(process.env.BENCH_MIX_RUNS ?? 5)
// The one-client flood of new addresses beside a cached page: requests a second, and rounds.
const FLOOD_RATE = 200
const FLOOD_ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 3)
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
}

const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1)
const SECTIONS = new Set((process.env.BENCH_SECTIONS ?? 'targets,flood,mix,memory').split(',').map((section) => section.trim()))
const METRICS_TOKEN = 'bench-site-metrics-token'

/** `from`: the client's address (as a trusted proxy names it), when not the load generator's own. */
type Target = Omit<LoadSpec, 'url' | 'headers' | 'connections' | 'duration' | 'amount'> & { name: string; from?: string }

/** What a server cost to start: its CPU so far (a child it ran and saw exit, such as initdb, included) and the time since it was launched. */
function startCost(pid: number, launchedAt: number): string {
  return `${(processTreeCpuWithExitedMs(pid) / 1000).toFixed(1)} CPU-s, ready after ${((performance.now() - launchedAt) / 1000).toFixed(1)} s`
}

/** Resident memory of `pid` and its children (the worker processes when WEB_CONCURRENCY > 1). */
async function rssMb(pid: number): Promise<number> {
  const pids = [pid]
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '')
    // The parent's pid is the second field after the command's closing parenthesis.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) pids.push(Number(entry))
  }
  let kb = 0
  for (const one of pids) {
    const status = await readFile(`/proc/${one}/status`, 'utf8').catch(() => '')
    kb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0)
  }
  return Math.round(kb / 1024)
}

const serverEntry = await ensureWebBuild()
await bundleBackend()
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-site-'))
const backendLaunched = performance.now()
const { child: backend, url: backendUrl } = await launchBackend({ env: { DATA_DIR: dataDir, SUPABASE_PORT: '0', LOG_REQUESTS: '0' } })
const backendStart = startCost(backend.pid as number, backendLaunched)
const keys = await readKeys(dataDir)
if (!keys) throw new Error('the backend wrote no keys')

const webLaunched = performance.now()
const webLog = path.join(dataDir, 'web-server.log')
const webLogFd = openSync(webLog, 'a')
const web = spawn(process.execPath, [...WEB_SERVER_NODE_FLAGS, serverEntry], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SUPABASE_URL: backendUrl,
    SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
    SUPABASE_SECRET_KEY: keys.secretKey,
    SUPABASE_PROXY: '1',
    // The load generator stands for a proxy that names each request's client.
    TRUST_PROXY: '1',
    METRICS_TOKEN,
    // As `npm start` runs it.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  },
  stdio: ['ignore', webLogFd, 'inherit'],
})
closeSync(webLogFd)
const siteUrl = await new Promise<string>((resolve, reject) => {
  const exited = (code: number | null) => void readFile(webLog, 'utf8').then((output) => reject(new Error(`the web server exited (${code}):\n${output}`)))
  web.once('exit', exited)
  const poll = setInterval(() => {
    void readFile(webLog, 'utf8').then((output) => {
      const match = /listening on (http:\/\/[^\s"]+)/.exec(output)
      // With several workers, once every one of them listens.
      if (!match || (WORKERS > 1 && !output.includes(`running ${WORKERS} worker processes`))) return
      clearInterval(poll)
      web.off('exit', exited)
      resolve(match[1].replace('localhost', '127.0.0.1'))
    })
  }, 100)
})
const webStart = startCost(web.pid as number, webLaunched)

try {
  const posts = await fetch(`${backendUrl}/rest/v1/blog_posts?select=slug&published=eq.true&order=created_at.desc&limit=1`, {
    headers: { apikey: keys.publishableKey },
  })
  const [post] = (await posts.json()) as { slug: string }[]
  const postPath = `/resources/blog/${post?.slug ?? 'none'}`
  const webPid = web.pid as number
  const backendPid = backend.pid as number

  interface Measured {
    load: LoadSummary
    webCpuMs: number
    backendCpuMs: number
  }
  /** One load from the generator's own process, with what it cost each server's CPU per answer. */
  async function measure(target: Target, options: Pick<LoadSpec, 'connections' | 'duration' | 'amount'>): Promise<Measured> {
    const webBefore = processTreeCpuMs(webPid)
    const backendBefore = processTreeCpuMs(backendPid)
    const headers = target.from ? { ...BROWSER_HEADERS, 'x-forwarded-for': target.from } : BROWSER_HEADERS
    const load = await runLoad({ url: siteUrl, headers, ...target, ...options })
    const answered = Math.max(load.answered, 1)
    return { load, webCpuMs: (processTreeCpuMs(webPid) - webBefore) / answered, backendCpuMs: (processTreeCpuMs(backendPid) - backendBefore) / answered }
  }

  /** The web server's event-loop delay since the last reading (prom-client resets it at each scrape) and its GC time so far. */
  async function serverFigures(): Promise<{
    lagMaxMs: number
    lagP99Ms: number
    gcMs: number
    heapUsedMb: number
    heapTotalMb: number
    logLinesDropped: number
  }> {
    const text = await (await fetch(`${siteUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text()
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN)
    const gcMs = [...text.matchAll(/^nodejs_gc_duration_seconds_sum\{[^}]*\} (\S+)/gm)].reduce((sum, [, seconds]) => sum + Number(seconds) * 1000, 0)
    return {
      lagMaxMs: value('nodejs_eventloop_lag_max_seconds') * 1000,
      lagP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
      gcMs,
      heapUsedMb: Math.round(value('nodejs_heap_size_used_bytes') / 2 ** 20),
      heapTotalMb: Math.round(value('nodejs_heap_size_total_bytes') / 2 ** 20),
      logLinesDropped: value('log_lines_dropped_total'),
    }
  }

  const targets: Target[] = [
    { name: 'static /favicon.svg', paths: ['/favicon.svg'] },
    { name: '/', paths: ['/'] },
    { name: '/about', paths: ['/about'] },
    { name: '/resources', paths: ['/resources'] },
    { name: 'one post', paths: [postPath] },
    { name: '/about?utm_source=<new each time>', paths: ['/about'], pathTemplate: '/about?utm_source=campaign-{n}' },
    { name: '/ with a new forged Host each time', paths: ['/'], hostTemplate: 'forged-{n}.example' },
    { name: '/resources?q=<new each time>, one client', paths: ['/resources'], pathTemplate: '/resources?q=term{n}' },
    { name: '/resources?q=<new each time>, a new client each time', paths: ['/resources'], pathTemplate: '/resources?q=other{n}', newClientEach: true },
    // From a client of its own: past its budget of renders of uncached pages its requests get 429,
    // and the load generator's own address keeps its budget for the pages below.
    { name: '/resources/blog/no-such-<new each time>, one client', paths: ['/resources'], pathTemplate: '/resources/blog/no-such-{n}', from: '198.51.100.9' },
  ]
  console.log(
    `site ${siteUrl}, ${WORKERS} web server process${WORKERS === 1 ? '' : 'es'} (WEB_CONCURRENCY), ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load generator ${process.env.BENCH_GENERATOR === 'wrk' ? 'wrk for fixed URLs, autocannon for the rest' : 'autocannon'}, load average ${loadavg()[0].toFixed(1)}`,
  )
  console.log(`start: backend on a new DATA_DIR ${backendStart}; web server ${webStart}`)
  console.log(`memory at start: web server ${await rssMb(webPid)} MB, backend ${await rssMb(backendPid)} MB`)
  // Warm up: the first renders compile code paths.
  for (const target of targets.filter((t) => !t.pathTemplate && !t.hostTemplate)) await measure(target, { connections: 10, duration: 2 })
  const resting = await rssMb(webPid)
  console.log(`web server memory at rest after the warm-up: ${resting} MB`)

  if (SECTIONS.has('targets')) {
    console.log(
      '\ntarget | pages/s | p50 ms | p99 ms | web server CPU ms/request | × static file | backend CPU ms/request | load generator CPU ms/request | non-2xx | errors | web server MB after',
    )
  }
  let staticCpuMs = 0
  for (const target of SECTIONS.has('targets') ? targets : []) {
    const { load, webCpuMs, backendCpuMs } = await measure(target, { connections: CONNECTIONS, duration: DURATION_S })
    if (target.name.startsWith('static')) staticCpuMs = webCpuMs
    console.log(
      `${target.name} | ${Math.round(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | ${webCpuMs.toFixed(3)} | ${(webCpuMs / staticCpuMs).toFixed(2)} | ${backendCpuMs.toFixed(3)} | ${load.generatorCpuMs.toFixed(3)} | ${load.non2xx} | ${load.errors + load.timeouts} | ${await rssMb(webPid)}`,
    )
  }

  // A cached page alone, then beside one client's flood of new addresses (each a render and a
  // database read, ending in a redirect to /resources, until its budget is spent).
  const cached: Target = { name: '/about', paths: ['/about'] }
  const mix: Target = {
    name: 'a mix of public pages',
    paths: ['/', '/about', '/resources', '/careers', '/solutions/banking', '/contact', '/clients', '/about?utm_source=newsletter', postPath],
  }
  await measure(mix, { connections: 10, duration: 2 })
  if (SECTIONS.has('flood')) await cachedPageBesideFlood(cached)
  if (SECTIONS.has('mix')) await mixRuns(mix)
  if (SECTIONS.has('memory')) await memoryAfterFloods()
  const { heapUsedMb, heapTotalMb, logLinesDropped } = await serverFigures()
  console.log(
    `memory after the runs: web server ${await rssMb(webPid)} MB (heap ${heapUsedMb} MB used of ${heapTotalMb} MB), backend ${await rssMb(backendPid)} MB; log lines the web server dropped: ${logLinesDropped}`,
  )

  /**
   * A cached page alone, then beside one client's flood of new addresses (each a render and a
   * database read ending in a redirect to /resources while its budget lasts, then 429), FLOOD_ROUNDS
   * rounds taking turns, each flood from a client of its own (a fresh budget, as in the first).
   */
  async function cachedPageBesideFlood(cached: Target): Promise<void> {
    const ratios: number[] = []
    for (let round = 1; round <= FLOOD_ROUNDS; round++) {
      const alone = await measure(cached, { connections: CONNECTIONS, duration: DURATION_S })
      const flood: LoadSpec = {
        url: siteUrl,
        headers: { ...BROWSER_HEADERS, 'x-forwarded-for': `198.51.100.${100 + round}` },
        paths: ['/resources'],
        pathTemplate: `/resources/blog/flood-${Date.now()}-{n}`,
        connections: CONNECTIONS,
        duration: DURATION_S,
        overallRate: FLOOD_RATE,
      }
      const [flooded, floodLoad] = await Promise.all([measure(cached, { connections: CONNECTIONS, duration: DURATION_S }), runLoad(flood)])
      ratios.push(flooded.load.requestsPerSecond / alone.load.requestsPerSecond)
      const statuses = Object.entries(floodLoad.statuses ?? {})
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ')
      console.log(
        `a cached page (/about), ${CONNECTIONS} connections for ${DURATION_S} s, round ${round} of ${FLOOD_ROUNDS}: alone ${Math.round(alone.load.requestsPerSecond)} pages/s, p50 ${alone.load.p50} ms, p99 ${alone.load.p99} ms; ` +
          `while one client asks for ${FLOOD_RATE} new addresses a second: ${Math.round(flooded.load.requestsPerSecond)} pages/s (${ratios.at(-1)!.toFixed(2)}×), p50 ${flooded.load.p50} ms, p99 ${flooded.load.p99} ms, web server ${flooded.webCpuMs.toFixed(3)} ms CPU a page ` +
          `(the flood: ${Math.round(floodLoad.requestsPerSecond)} requests/s, ${statuses}: 302 a render while the client's budget lasted, 429 past it, 503 past the site's); load average ${loadavg()[0].toFixed(1)}`,
      )
    }
    console.log(`a cached page beside the flood: ${ratios.map((ratio) => ratio.toFixed(2)).join(', ')}× its pages/s alone`)
  }

  /** The mix at 200 connections MIX_RUNS times in a row, each run's tail beside the server's event loop, then the static file alone at the same load. */
  async function mixRuns(mix: Target): Promise<void> {
    const p99s: number[] = []
    let gcBefore = (await serverFigures()).gcMs
    const runs = [
      ...Array.from({ length: MIX_RUNS }, (_, run) => ({ target: mix, label: `${mix.paths.length} public pages in turn, run ${run + 1} of ${MIX_RUNS}` })),
      { target: targets[0], label: 'the static file alone' },
    ]
    for (const { target, label } of runs) {
      await serverFigures()
      const mixed = await measure(target, { connections: MIX_CONNECTIONS, duration: MIX_DURATION_S })
      const server = await serverFigures()
      if (target === mix) p99s.push(mixed.load.p99)
      console.log(
        `${label}, ${MIX_CONNECTIONS} connections for ${MIX_DURATION_S} s: ${Math.round(mixed.load.requestsPerSecond)} pages/s, p50 ${mixed.load.p50} ms, p99 ${mixed.load.p99} ms, max ${mixed.load.max} ms, ${mixed.load.timeouts} timeouts, ${mixed.load.errors} errors, ${mixed.load.non2xx} non-2xx; ` +
          `web server ${mixed.webCpuMs.toFixed(3)} ms CPU a page, its event loop stalled ${server.lagMaxMs.toFixed(0)} ms at most (p99 ${server.lagP99Ms.toFixed(0)} ms), GC ${(server.gcMs - gcBefore).toFixed(0)} ms, heap ${server.heapUsedMb} MB used of ${server.heapTotalMb} MB, ${await rssMb(webPid)} MB resident; load average ${loadavg()[0].toFixed(1)}`,
      )
      gcBefore = server.gcMs
    }
    console.log(`p99 of the ${MIX_RUNS} runs of the mix: ${p99s.join(', ')} ms; the largest ${Math.max(...p99s)} ms`)
  }

  async function memoryAfterFloods(): Promise<void> {
    const floods: Target[] = [
      { name: 'pages that do not exist', paths: ['/'], pathTemplate: '/no-such-page-{n}' },
      { name: 'searches, each from a new client', paths: ['/resources'], pathTemplate: '/resources?q=flood{n}', newClientEach: true },
    ]
    for (const flood of FLOOD_URLS > 0 ? floods : []) {
      const before = await rssMb(webPid)
      const { load } = await measure(flood, { connections: CONNECTIONS, amount: FLOOD_URLS })
      const afterFlood = await rssMb(webPid)
      // Expired pages are let go within two cache lifetimes; the heap gives memory back when idle.
      await new Promise((resolve) => setTimeout(resolve, 5000))
      const after5s = await rssMb(webPid)
      await new Promise((resolve) => setTimeout(resolve, 25_000))
      console.log(
        `flood of ${FLOOD_URLS} distinct URLs, ${flood.name}: ${Math.round(load.requestsPerSecond)} pages/s; web server ${afterFlood} MB right after, ${after5s} MB 5 s later, ${await rssMb(webPid)} MB 30 s later (${before} MB before it, ${resting} MB at rest after the warm-up)`,
      )
    }
  }
} finally {
  web.kill('SIGTERM')
  backend.kill('SIGTERM')
  await Promise.all([new Promise((resolve) => web.once('exit', resolve)), new Promise((resolve) => backend.once('exit', resolve))])
  await rm(dataDir, { recursive: true, force: true })
}
