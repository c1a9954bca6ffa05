// `npm run bench:site`: the production web server under a burst of visitors. It builds when needed,
// starts the local backend and the web server (as `npm start` does) on free ports with a fresh
// DATA_DIR, then drives 50 connections for 10 s at each page (/, /about, /resources, one blog post)
// and at a static file (/favicon.svg) of the same server, with a browser's headers (so responses are
// compressed as browsers get them), then at URLs that differ on every request: /about with a new
// tracking parameter, /resources with a new search from one client (so its search quota applies)
// and from a new client each time (as seen through a trusted proxy's X-Forwarded-For), and unknown
// blog slugs. Every target's requests are built the same way, so the load generator costs the same
// for a fixed URL as for a varying one. Then /about with and without a tracking parameter in
// alternating rounds, which compares them apart from the machine's drift. Last, two floods of 10,000 distinct URLs: pages that do not
// exist, then searches from as many clients (each a render of its own), and the memory 5 and 30
// seconds after each. Load generator, web server and backend share this
// machine. It prints pages/s, p50 and p99 per target, the web server's memory after each, the ratio
// of / to the static file, and the backend's memory. It asserts nothing. WEB_CONCURRENCY=2 runs the
// web server as two worker processes (memory is then the sum of the primary and its workers).
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { cpus, tmpdir } from 'node:os'
import path from 'node:path'
import autocannon, { type RawRequest } from 'autocannon'
import { bundleBackend } from '../local-supabase/build.ts'
import { launchBackend } from '../local-supabase/launch.ts'
import { readKeys } from '../local-supabase/src/keys.ts'
import { buildDir, ensureWebBuild } from './lib/web-build.ts'

const CONNECTIONS = 50
// BENCH_FLOOD_URLS=0 leaves the flood out (for comparing WEB_CONCURRENCY=1 and 2 on the pages alone).
const FLOOD_URLS = Number(process.env.BENCH_FLOOD_URLS ?? 10_000)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
}

const WORKERS = Number(process.env.WEB_CONCURRENCY ?? 1)

interface Target {
  name: string
  path: string
  vary?: (n: number) => string
  clients?: boolean
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
const { child: backend, url: backendUrl } = await launchBackend({ env: { DATA_DIR: dataDir, SUPABASE_PORT: '0', LOG_REQUESTS: '0' } })
const keys = await readKeys(dataDir)
if (!keys) throw new Error('the backend wrote no keys')

const web = spawn(process.execPath, [serverEntry], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: '0',
    HOST: '127.0.0.1',
    SUPABASE_URL: backendUrl,
    SUPABASE_ANON_KEY: keys.anonKey,
    SUPABASE_PROXY: '1',
    // The load generator stands for a proxy that names each request's client.
    TRUST_PROXY: '1',
    // As `npm start` runs it.
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const siteUrl = await new Promise<string>((resolve, reject) => {
  let output = ''
  web.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    const match = /listening on (http:\/\/[^\s"]+)/.exec(output)
    // With several workers, once every one of them listens.
    if (match && (WORKERS <= 1 || output.includes(`running ${WORKERS} worker processes`))) resolve(match[1].replace('localhost', '127.0.0.1'))
  })
  web.once('exit', (code) => reject(new Error(`the web server exited (${code}):\n${output}`)))
})

try {
  const posts = await fetch(`${backendUrl}/rest/v1/blog_posts?select=slug&published=eq.true&order=created_at.desc&limit=1`, {
    headers: { apikey: keys.anonKey },
  })
  const [post] = (await posts.json()) as { slug: string }[]
  // `vary` gives each request its own URL (n counts the requests of the run); `clients` gives each a
  // client of its own.
  const targets: Target[] = [
    { name: '/', path: '/' },
    { name: '/about', path: '/about' },
    { name: '/resources', path: '/resources' },
    { name: 'one post', path: `/resources/blog/${post?.slug ?? 'none'}` },
    { name: 'static /favicon.svg', path: '/favicon.svg' },
    { name: '/about?utm_source=<new each time>', path: '/about?utm_source=0', vary: (n) => `/about?utm_source=campaign-${n}` },
    { name: '/resources?q=<new each time>, one client', path: '/resources?q=0', vary: (n) => `/resources?q=term${n}` },
    { name: '/resources?q=<new each time>, a new client each time', path: '/resources?q=0', vary: (n) => `/resources?q=other${n}`, clients: true },
    { name: '/resources/blog/no-such-<new each time>', path: '/resources/blog/no-such-0', vary: (n) => `/resources/blog/no-such-${n}` },
  ]
  const run = (target: Omit<Target, 'name'>, options: { connections: number; duration?: number; amount?: number }) => {
    let n = 0
    const vary = target.vary ?? (() => target.path)
    const setupRequest = (request: RawRequest) => {
      n += 1
      const headers = target.clients ? { ...request.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } : request.headers
      return { ...request, path: vary(n), headers }
    }
    return autocannon({ url: siteUrl + target.path, headers: BROWSER_HEADERS, ...options, requests: [{ setupRequest }] })
  }
  const webPid = web.pid as number
  const backendPid = backend.pid as number
  console.log(
    `site ${siteUrl}, ${WORKERS} web server process${WORKERS === 1 ? '' : 'es'} (WEB_CONCURRENCY), ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  )
  console.log(`memory at start: web server ${await rssMb(webPid)} MB, backend ${await rssMb(backendPid)} MB`)
  // Warm up: the first renders compile code paths.
  for (const target of targets.filter((t) => !t.vary)) await run(target, { connections: 10, duration: 2 })
  const resting = await rssMb(webPid)
  console.log(`web server memory at rest after the warm-up: ${resting} MB`)

  console.log('\ntarget | pages/s | p50 ms | p99 ms | status of a sample | non-2xx | errors | web server MB after')
  const rates = new Map<string, number>()
  for (const target of targets) {
    const sample = await fetch(siteUrl + target.path, { headers: BROWSER_HEADERS, redirect: 'manual' })
    await sample.arrayBuffer()
    const result = await run(target, { connections: CONNECTIONS, duration: DURATION_S })
    rates.set(target.name, result.requests.average)
    console.log(
      `${target.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${sample.status} | ${result.non2xx} | ${result.errors + result.timeouts} | ${await rssMb(webPid)}`,
    )
  }
  // The tracking parameter's cost, measured apart from the machine's drift: /about and /about with a
  // new tracking parameter on every request, in alternating rounds of 5 s, summed.
  let plainTotal = 0
  let trackedTotal = 0
  for (let round = 0; round < 4; round++) {
    plainTotal += (await run({ path: '/about' }, { connections: CONNECTIONS, duration: 5 })).requests.average
    const tracked = { path: '/about?utm_source=0', vary: (n: number) => `/about?utm_source=campaign-${n}&fbclid=IwAR${n}` }
    trackedTotal += (await run(tracked, { connections: CONNECTIONS, duration: 5 })).requests.average
  }
  console.log(
    `\n/about in 4 alternating rounds of 5 s: ${Math.round(plainTotal / 4)} pages/s plain, ${Math.round(trackedTotal / 4)} pages/s with a new tracking parameter each time (${Math.round((100 * trackedTotal) / plainTotal)}%)`,
  )

  const home = rates.get('/') ?? 0
  const staticRate = rates.get('static /favicon.svg') ?? 1
  console.log(`\n/ ÷ static file: ${(home / staticRate).toFixed(2)}×`)

  const floods: Target[] = [
    { name: 'pages that do not exist', path: '/no-such-page-0', vary: (n) => `/no-such-page-${n}` },
    { name: 'searches, each from a new client', path: '/resources?q=0', vary: (n) => `/resources?q=flood${n}`, clients: true },
  ]
  for (const flood of FLOOD_URLS > 0 ? floods : []) {
    const before = await rssMb(webPid)
    const result = await run(flood, { connections: CONNECTIONS, amount: FLOOD_URLS })
    const afterFlood = await rssMb(webPid)
    // Expired pages are let go within two cache lifetimes; the heap gives memory back when idle.
    await new Promise((resolve) => setTimeout(resolve, 5000))
    const after5s = await rssMb(webPid)
    await new Promise((resolve) => setTimeout(resolve, 25_000))
    console.log(
      `flood of ${FLOOD_URLS} distinct URLs, ${flood.name}: ${Math.round(result.requests.average)} pages/s; web server ${afterFlood} MB right after, ${after5s} MB 5 s later, ${await rssMb(webPid)} MB 30 s later (${before} MB before it, ${resting} MB at rest after the warm-up)`,
    )
  }
  console.log(`memory after the runs: web server ${await rssMb(webPid)} MB, backend ${await rssMb(backendPid)} MB`)
} finally {
  web.kill('SIGTERM')
  backend.kill('SIGTERM')
  await Promise.all([new Promise((resolve) => web.once('exit', resolve)), new Promise((resolve) => backend.once('exit', resolve))])
  await rm(dataDir, { recursive: true, force: true })
}
