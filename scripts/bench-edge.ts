// `npm run bench:edge`: the site behind Varnish (deploy/varnish/default.vcl, Debian's varnishd)
// against the origin alone, in one run. It starts the local backend, the web server as `npm start`
// runs it (with the service role, purging Varnish) and Varnish in front, on free ports with a fresh
// DATA_DIR, and reports side by side:
//   - pages/s, p50 and p99 of the mix of public pages at 200 connections for BENCH_DURATION_S (30),
//     through Varnish and from the origin alone;
//   - how often the origin rendered each page while Varnish served the load, per minute, against
//     the most s-maxage allows (pages are kept BENCH_EDGE_SECONDS, 10, so a minute holds several
//     lifetimes);
//   - the time from a change committed in the database to the changed page served by Varnish, and
//     by the origin, over BENCH_CHANGES (5) changes.
// It asserts nothing. BENCH_GENERATOR=wrk drives the mix with wrk (`apt-get install wrk`), whose
// own CPU is a tenth of autocannon's.
import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { bundleBackend } from '../local-supabase/build.ts'
import { launchBackend } from '../local-supabase/launch.ts'
import { readKeys } from '../local-supabase/src/keys.ts'
import { runLoad, type LoadSummary } from './lib/load-generator.ts'
import { startVarnish } from './lib/varnish.ts'
import { buildDir, ensureWebBuild, WEB_SERVER_NODE_FLAGS } from './lib/web-build.ts'
import { freePort } from './lib/free-port.ts'

const CONNECTIONS = 200
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 30)
const EDGE_SECONDS = Number(process.env.BENCH_EDGE_SECONDS ?? 10)
const CHANGES = Number(process.env.BENCH_CHANGES ?? 5)
const METRICS_TOKEN = 'bench-edge-metrics-token'
const BROWSER_HEADERS = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-encoding': 'gzip, deflate, br',
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const serverEntry = await ensureWebBuild()
await bundleBackend()
const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-edge-'))
const { child: backend, url: backendUrl } = await launchBackend({ env: { DATA_DIR: dataDir, SUPABASE_PORT: '0', LOG_REQUESTS: '0' } })
const keys = await readKeys(dataDir)
if (!keys) throw new Error('the backend wrote no keys')
const [sitePort, edgePort] = [await freePort(), await freePort()]
const origin = `http://127.0.0.1:${sitePort}`
const varnish = await startVarnish([new URL(origin)], edgePort)
const web = spawn(process.execPath, [...WEB_SERVER_NODE_FLAGS, serverEntry], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: String(sitePort),
    HOST: '127.0.0.1',
    SITE_URL: varnish.url,
    SUPABASE_URL: backendUrl,
    SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
    SUPABASE_SECRET_KEY: keys.secretKey,
    SUPABASE_PROXY: '1',
    TRUST_PROXY: '1',
    PURGE_VARNISH_URLS: varnish.url,
    PAGE_EDGE_SECONDS: String(EDGE_SECONDS),
    PAGE_STORE_DIR: path.join(dataDir, 'pages'),
    METRICS_TOKEN,
    LOG_LEVEL: 'warn',
    MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
})

/** What the origin has answered so far, by route pattern, and how many pages it rendered. */
async function originFigures(): Promise<{ requests: Map<string, number>; renders: number }> {
  const text = await (await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text()
  const requests = new Map<string, number>()
  for (const [, route, count] of text.matchAll(/^web_http_requests_total\{method="GET",route="([^"]*)",status="\d+"\} (\d+)/gm)) {
    requests.set(route, (requests.get(route) ?? 0) + Number(count))
  }
  const renders = Number(/^web_page_cache_lookups_total\{outcome="miss"\} (\d+)/m.exec(text)?.[1] ?? 0)
  return { requests, renders }
}

try {
  for (
    let waited = 0;
    !(await fetch(`${origin}/favicon.svg`).then(
      (r) => r.ok,
      () => false,
    ));
    waited += 200
  ) {
    if (waited > 60_000) throw new Error('the web server did not answer within a minute')
    await sleep(200)
  }
  const service = { apikey: keys.secretKey, Authorization: `Bearer ${keys.secretKey}` }
  const [post] = (await (await fetch(`${backendUrl}/rest/v1/blog_posts?select=slug&published=eq.true&limit=1`, { headers: service })).json()) as {
    slug: string
  }[]
  const pages = ['/', '/about', '/resources', '/careers', '/solutions/banking', '/contact', '/clients', `/resources/blog/${post.slug}`]
  console.log(
    `Varnish ${varnish.url} in front of ${origin}; s-maxage ${EDGE_SECONDS} s; ${cpus().length} CPUs, Node ${process.version}, load generator ${process.env.BENCH_GENERATOR === 'wrk' ? 'wrk' : 'autocannon'}, load average ${loadavg()[0].toFixed(1)}`,
  )
  const mix = (url: string) => runLoad({ url, paths: pages, headers: BROWSER_HEADERS, connections: CONNECTIONS, duration: DURATION_S })
  // Warm up both: the first renders compile code paths.
  await runLoad({ url: varnish.url, paths: pages, headers: BROWSER_HEADERS, connections: 20, duration: 3 })
  await runLoad({ url: origin, paths: pages, headers: BROWSER_HEADERS, connections: 20, duration: 3 })

  const before = await originFigures()
  const started = performance.now()
  const edge = await mix(varnish.url)
  const minutes = (performance.now() - started) / 60_000
  const after = await originFigures()
  const alone = await mix(origin)
  const row = (name: string, load: LoadSummary) =>
    `${name} | ${Math.round(load.requestsPerSecond)} | ${load.p50} | ${load.p99} | ${load.max} | ${load.non2xx} | ${load.errors + load.timeouts}`
  console.log(`\n${pages.length} public pages in turn, ${CONNECTIONS} connections for ${DURATION_S} s`)
  console.log('served by | pages/s | p50 ms | p99 ms | max ms | non-2xx | errors')
  console.log(row('Varnish in front of the origin', edge))
  console.log(row('the origin alone', alone))
  console.log(`Varnish / origin alone: ${(edge.requestsPerSecond / alone.requestsPerSecond).toFixed(2)}× the pages a second`)

  console.log(
    `\nWhile Varnish served ${Math.round(edge.answered)} pages in ${(minutes * 60).toFixed(0)} s, the origin answered it (per page, per minute; s-maxage ${EDGE_SECONDS} s allows ${(60 / EDGE_SECONDS).toFixed(0)} a minute, and the refreshes within stale-while-revalidate besides):`,
  )
  const routes = new Set([...after.requests.keys()].filter((route) => route !== 'static file' && route !== '/metrics'))
  for (const route of routes) {
    const asked = (after.requests.get(route) ?? 0) - (before.requests.get(route) ?? 0)
    if (asked > 0) console.log(`  ${route}: ${(asked / minutes).toFixed(1)} requests a minute`)
  }
  console.log(
    `  renders, all pages together: ${((after.renders - before.renders) / minutes).toFixed(1)} a minute for ${pages.length} pages (${((after.renders - before.renders) / minutes / pages.length).toFixed(1)} a page)`,
  )

  // From a change committed to the changed page served, through Varnish and by the origin.
  const toVarnish: number[] = []
  const toOrigin: number[] = []
  const [member] = (await (await fetch(`${backendUrl}/rest/v1/team_members?select=id&order=order_index&limit=1`, { headers: service })).json()) as {
    id: string
  }[]
  for (let change = 1; change <= CHANGES; change++) {
    const name = `Bench Edge Name ${change}-${Date.now()}`
    for (const base of [varnish.url, origin]) await fetch(`${base}/about`, { headers: BROWSER_HEADERS })
    const committed = performance.now()
    const answer = await fetch(`${backendUrl}/rest/v1/team_members?id=eq.${member.id}`, {
      method: 'PATCH',
      headers: { ...service, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    })
    if (!answer.ok) throw new Error(`changing a team member failed: ${answer.status}`)
    const seen: Record<string, number> = {}
    while (Object.keys(seen).length < 2 && performance.now() - committed < 30_000) {
      for (const [label, base] of [
        ['varnish', varnish.url],
        ['origin', origin],
      ] as const) {
        if (seen[label] === undefined && (await (await fetch(`${base}/about`)).text()).includes(name)) seen[label] = performance.now() - committed
      }
      await sleep(20)
    }
    toVarnish.push(Math.round(seen.varnish ?? Number.NaN))
    toOrigin.push(Math.round(seen.origin ?? Number.NaN))
  }
  console.log(
    `\nFrom a change committed to the changed page (${CHANGES} changes): through Varnish ${toVarnish.join(', ')} ms (median ${median(toVarnish)}), from the origin ${toOrigin.join(', ')} ms (median ${median(toOrigin)})`,
  )
} finally {
  web.kill('SIGTERM')
  backend.kill('SIGTERM')
  await Promise.all([new Promise((resolve) => web.once('exit', resolve)), new Promise((resolve) => backend.once('exit', resolve)), varnish.stop()])
  await rm(dataDir, { recursive: true, force: true })
}
