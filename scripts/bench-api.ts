// `npm run bench:api`: the local backend under load. It starts its own backend on a temporary
// DATA_DIR, pinned to CPU 0 (the load generator runs on CPU 1), fills the blog to 50 published
// posts, then drives 50 connections for 10 s at each scenario and keeps going to 100,000 requests
// in all, sampling the backend's resident memory and the CPU time it spends per request (user +
// system, from /proc: the figure that stays comparable when the machine is shared and req/s is
// not). It prints figures; it asserts nothing.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { bundleBackend } from '../local-supabase/build.ts'
import { launchBackend } from '../local-supabase/launch.ts'
import { readKeys } from '../local-supabase/src/keys.ts'

// Fewer connections (BENCH_CONNECTIONS) keep timeouts out of the figures on a busy machine.
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50)
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10)
const TOTAL_REQUESTS = Number(process.env.BENCH_TOTAL_REQUESTS ?? 100_000)
const BLOG_POSTS = 50

async function rssMb(pid: number): Promise<{ rss: number; peak: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

/** User + system CPU time the process has used, in milliseconds. */
async function cpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command name (which may hold spaces), counted from its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15)
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
}
const CLOCK_TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim() || 100)

function pinToCpu(pid: number, cpu: number): void {
  const pinned = spawnSync('taskset', ['-cp', String(cpu), String(pid)], { stdio: 'ignore' })
  if (pinned.status !== 0) console.warn(`(could not pin process ${pid} to CPU ${cpu}; figures use both cores)`)
}

const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-api-'))
await bundleBackend()
const { child: backend, url } = await launchBackend({
  env: { DATA_DIR: dataDir, SUPABASE_PORT: '0', LOG_REQUESTS: '0' },
})
const pid = backend.pid as number
pinToCpu(pid, 0)
pinToCpu(process.pid, 1)

try {
  const keys = await readKeys(dataDir)
  if (!keys) throw new Error('no keys written')
  const anon = { apikey: keys.anonKey, authorization: `Bearer ${keys.anonKey}` }
  const service = { apikey: keys.serviceRoleKey, authorization: `Bearer ${keys.serviceRoleKey}` }

  // Fill the blog to BLOG_POSTS published posts.
  const countResponse = await fetch(`${url}/rest/v1/blog_posts?select=id&published=eq.true`, {
    method: 'HEAD',
    headers: { ...service, prefer: 'count=exact' },
  })
  const published = Number(countResponse.headers.get('content-range')?.split('/')[1] ?? 0)
  const extra = Array.from({ length: Math.max(0, BLOG_POSTS - published) }, (_, i) => ({
    slug: `benchmark-post-${i + 1}`,
    title: `Benchmark post ${i + 1}`,
    excerpt: 'A post added by the benchmark so the blog list has fifty published posts.',
    content: `<p>${'Benchmark paragraph. '.repeat(80)}</p>`,
    category: 'Benchmark',
    featured_image: '/images/blog/benchmark.svg',
    author_name: 'Benchmark',
    published: true,
    tags: ['benchmark'],
  }))
  if (extra.length > 0) {
    const inserted = await fetch(`${url}/rest/v1/blog_posts`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'application/json', prefer: 'return=minimal' },
      body: JSON.stringify(extra),
    })
    if (!inserted.ok) throw new Error(`could not add benchmark posts: ${inserted.status} ${await inserted.text()}`)
  }

  type Request = { path: string; method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> }
  const scenarios: { name: string; requests: Request[] }[] = [
    {
      name: "(a) home page's reads",
      requests: [
        { path: '/rest/v1/website_content?select=content&section=eq.hero&key=eq.main' },
        { path: '/rest/v1/website_content?select=content&section=eq.stats&key=eq.main' },
        { path: '/rest/v1/clients?select=name,icon,logo_url&order=name.asc' },
        { path: '/rest/v1/testimonials?select=*&order=created_at.asc' },
        { path: '/rest/v1/site_settings?select=key,value' },
      ],
    },
    {
      name: '(b) published blog list, 6 newest of 50',
      requests: [{ path: '/rest/v1/blog_posts?select=*&published=eq.true&order=publish_at.desc&offset=0&limit=6' }],
    },
    {
      name: '(c) one post by slug',
      requests: [
        {
          path: '/rest/v1/blog_posts?select=*&slug=eq.benchmark-post-7&published=eq.true',
          headers: { accept: 'application/vnd.pgrst.object+json' },
        },
      ],
    },
    {
      name: '(e) open job openings',
      requests: [
        {
          path: '/rest/v1/job_openings?select=id,title,location,department,type,description,requirements,created_at&active=eq.true&order=created_at.desc',
        },
      ],
    },
    {
      // One commit per request: what durable commits (DURABLE_COMMITS, on by default) cost.
      name: '(d) page-view counter, one commit each',
      requests: [
        {
          path: '/rest/v1/rpc/record_page_view',
          method: 'POST',
          body: JSON.stringify({ page_path: '/bench' }),
          headers: { 'content-type': 'application/json' },
        },
      ],
    },
  ]

  let sent = 0
  const before = await rssMb(pid)
  console.log(`backend pid ${pid}, RSS at start ${before.rss} MB, durable commits ${process.env.DURABLE_COMMITS === '0' ? 'off' : 'on'}`)
  console.log('scenario | req/s | CPU ms/req | p50 ms | p99 ms | non-2xx | errors')
  for (const scenario of scenarios) {
    const cpuBefore = await cpuMs(pid)
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: anon, requests: scenario.requests })
    const perRequest = (await cpuMs(pid)) - cpuBefore
    sent += result.requests.total
    console.log(
      `${scenario.name} | ${Math.round(result.requests.average)} | ${(perRequest / Math.max(1, result.requests.total)).toFixed(3)} | ${result.latency.p50} | ${result.latency.p99} | ${result.non2xx} | ${result.errors + result.timeouts}`,
    )
  }
  const afterScenarios = await rssMb(pid)
  if (sent < TOTAL_REQUESTS) {
    await autocannon({ url, connections: CONNECTIONS, amount: TOTAL_REQUESTS - sent, headers: anon, requests: scenarios[1].requests })
    sent = TOTAL_REQUESTS
  }
  const after = await rssMb(pid)
  console.log(`RSS: ${before.rss} MB at start, ${afterScenarios.rss} MB after the scenarios, ${after.rss} MB after ${sent} requests; peak ${after.peak} MB`)
} finally {
  backend.kill('SIGTERM')
  await new Promise((resolve) => backend.once('exit', resolve))
  await rm(dataDir, { recursive: true, force: true })
}
