// `npm run bench:pages`: Lighthouse 12 on the built site. It starts the product the way `npm start`
// does (building first when the sources changed) on free ports with a temporary DATA_DIR, then runs
// Lighthouse (mobile, default simulated throttling, Debian's Chromium) three times on each page and
// prints the medians. In the same run it measures a plain static HTML page of similar size served
// from this machine by node:http, and prints each page's LCP as a ratio to it: these machines are
// noisy, and the ratio is what holds from run to run. It prints figures; it asserts nothing.
//
// BENCH_PAGES_VS=<another checkout of this repository> starts that checkout's product beside this
// one and measures both in the same run, taking turns page by page and run by run, so a change is
// compared with the commit before it under the same load. BENCH_PAGES_EDGE=1 puts Varnish
// (deploy/varnish/default.vcl, scripts/lib/varnish.ts) in front of each product and measures the
// pages as it serves them, as a CDN would. The load average is printed beside each page.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createNetServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { launch as launchChrome, type LaunchedChrome } from 'chrome-launcher'
import lighthouse from 'lighthouse'
import sharp from 'sharp'
import { repoRoot } from '../local-supabase/src/bootstrap.ts'
import { readKeys } from '../local-supabase/src/keys.ts'
import { publishableKeyOf, secretKeyOf } from '../src/lib/project-keys.ts'
import { startVarnish, type Varnish } from './lib/varnish.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const FIXED_PAGES = ['/', '/solutions/banking', '/resources']
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const
const VS_CHECKOUT = process.env.BENCH_PAGES_VS?.trim() || null
const THROUGH_EDGE = process.env.BENCH_PAGES_EDGE === '1'

interface RunFigures {
  scores: Record<(typeof CATEGORIES)[number], number>
  lcpMs: number
  tbtMs: number
  cls: number
  jsBytes: number
  /** Images transferred (compressed bytes). */
  imageBytes: number
  /** Audits that cost points outside performance, e.g. "accessibility: color-contrast". */
  failedAudits: string[]
}

interface PageResult {
  label: string
  /** Which product served it (this checkout, or BENCH_PAGES_VS). */
  product: string
  url: string
  status: string
  runs: RunFigures[]
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

// The product -------------------------------------------------------------------------------------

interface Product {
  /** What it is called in the report: the checkout's directory name. */
  name: string
  /** Where Lighthouse visits it: Varnish in front with BENCH_PAGES_EDGE=1, else the web server. */
  siteUrl: string
  apiUrl: string | null
  anonKey: string | null
  serviceRoleKey: string | null
  stop(): Promise<void>
}

/** The product of the checkout at `root`, started as `npm start` starts it (behind Varnish with BENCH_PAGES_EDGE=1). */
async function startProduct(root: string): Promise<Product> {
  const name = path.basename(root)
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-pages-'))
  const port = await freePort()
  const edgePort = THROUGH_EDGE ? await freePort() : null
  const origin = `http://localhost:${port}`
  // Behind Varnish the site's public address is Varnish's, which the web server purges.
  const edgeEnv = edgePort ? { SITE_URL: `http://localhost:${edgePort}`, TRUST_PROXY: '1', PURGE_VARNISH_URLS: `http://127.0.0.1:${edgePort}` } : {}
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), SUPABASE_PORT: '0', DATA_DIR: dataDir, LOG_REQUESTS: '0', ...edgeEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  let varnish: Varnish | undefined
  const stop = async () => {
    await varnish?.stop()
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGINT') // Ctrl-C: stops the web server and the backend
      await exited
    }
    await rm(dataDir, { recursive: true, force: true })
  }
  const deadline = Date.now() + 300_000
  console.log(`Starting the product of ${root} (npm start; builds first when the sources changed) on ${origin}…`)
  for (;;) {
    if (child.exitCode !== null) {
      await stop()
      throw new Error(`npm start exited:\n${output}`)
    }
    try {
      if ((await fetch(origin)).status < 500) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`the site did not answer within 5 minutes:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  if (edgePort) {
    varnish = await startVarnish([new URL(origin)], edgePort)
    console.log(`Varnish on http://localhost:${edgePort} in front of ${origin}`)
  }
  // The local backend prints its URL and keeps its keys in DATA_DIR; a hosted project is in the env.
  const apiUrl = /Local Supabase API ready at (\S+)/.exec(output)?.[1] ?? process.env.SUPABASE_URL ?? null
  const keys = await readKeys(dataDir)
  const anonKey = keys?.anonKey ?? publishableKeyOf()?.value ?? null
  const serviceRoleKey = keys?.serviceRoleKey ?? secretKeyOf()?.value ?? null
  return { name, siteUrl: edgePort ? `http://localhost:${edgePort}` : origin, apiUrl, anonKey, serviceRoleKey, stop }
}

/** The newest published post (the blog lists it first), from the database, else from the feed. */
async function newestPostSlug(product: Product): Promise<string | null> {
  if (!product.apiUrl || !product.anonKey) {
    const feed = await (await fetch(`${product.siteUrl}/rss.xml`)).text()
    return /<link>[^<]*\/resources\/blog\/([^<]+)<\/link>/.exec(feed)?.[1] ?? null
  }
  const response = await fetch(`${product.apiUrl}/rest/v1/blog_posts?select=slug&published=eq.true&order=created_at.desc&limit=1`, {
    headers: { apikey: product.anonKey, authorization: `Bearer ${product.anonKey}` },
  })
  if (!response.ok) return null
  const rows = (await response.json()) as { slug: string }[]
  return rows[0]?.slug ?? null
}

/**
 * A published post whose featured image is a camera-sized photo (3000×2000 JPEG of 2–4 MB) uploaded
 * to Storage, as staff would upload it; its slug, or null without the service-role key.
 */
async function postWithPhoto(product: Product): Promise<string | null> {
  const { apiUrl, serviceRoleKey } = product
  if (!apiUrl || !serviceRoleKey) return null
  const headers = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` }
  // Grain makes it weigh what a photo does.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#5b7fa6', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg({ quality: 85 })
    .toBuffer()
  const objectPath = 'blog/bench-harbour-photo.jpg'
  const upload = await fetch(`${apiUrl}/storage/v1/object/media/${objectPath}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'image/jpeg', 'x-upsert': 'true' },
    body: photo,
  })
  if (!upload.ok) throw new Error(`uploading the photo: ${upload.status} ${await upload.text()}`)
  const slug = 'bench-a-post-with-a-photo'
  const insert = await fetch(`${apiUrl}/rest/v1/blog_posts`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({
      slug,
      title: 'The harbour at dawn, from our Lagos office',
      excerpt: 'A photo-led post: the featured image is a 3000 by 2000 photograph uploaded by staff.',
      content: `<p>${prose(3, 120)}</p><p>${prose(5, 120)}</p>`,
      category: 'Company',
      author_name: 'Ada Obi',
      // The address staff get from getPublicUrl: the site's own origin when it proxies the local backend.
      featured_image: `${process.env.SUPABASE_URL ? apiUrl : product.siteUrl}/storage/v1/object/public/media/${objectPath}`,
      published: true,
    }),
  })
  if (!insert.ok) throw new Error(`creating the post: ${insert.status} ${await insert.text()}`)
  console.log(`A post with a ${(photo.length / 1024 / 1024).toFixed(1)} MB 3000×2000 JPEG as its featured image: /resources/blog/${slug}`)
  return slug
}

// The static reference page -------------------------------------------------------------------------

const WORDS = (
  'bank core ledger account loan savings deposit payment transfer card branch customer report audit ' +
  'regulator compliance interest rate product launch mobile channel agent network partner secure ' +
  'scalable reliable modern system platform software team support migration data insight growth ' +
  'risk credit score portfolio recovery debt school student staff payroll leave cloud server uptime ' +
  'integration api partner fintech microfinance cooperative mortgage insurance retail digital'
).split(' ')

/** Deterministic varied prose, so the page compresses about as much as real HTML does. */
function prose(seed: number, words: number): string {
  let state = seed
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
  const out: string[] = []
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)])
  const text = out.join(' ')
  return `${text[0].toUpperCase()}${text.slice(1)}.`
}

/** Plain HTML of about `bytes` bytes: headings and paragraphs, no script, no external file. */
function staticPage(bytes: number): string {
  const head =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="A static reference page for the page-speed benchmark.">' +
    '<title>Static reference page</title><link rel="icon" href="data:,">' +
    '<style>body{font-family:system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1.5rem;line-height:1.6;color:#0f172a}' +
    'h1{font-size:2.25rem;color:#2d317b}</style></head><body><main>' +
    '<h1>Secure software for modern banking</h1>\n'
  const tail = '</main></body></html>\n'
  const sections: string[] = []
  let size = head.length + tail.length
  for (let i = 1; size < bytes; i++) {
    const section = `<h2>${prose(i, 4)}</h2>\n<p>${prose(i * 7, 60)}</p>\n<p>${prose(i * 13, 60)}</p>\n`
    sections.push(section)
    size += section.length
  }
  return head + sections.join('') + tail
}

function serveStatic(html: string): Promise<{ url: string; server: Server }> {
  const compressed = gzipSync(html)
  const server = createHttpServer((request, response) => {
    if (request.url !== '/' && request.url !== '/index.html') {
      response.writeHead(404).end()
      return
    }
    // Compressed when the browser asks, as the product's server does.
    const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    const body = gzip ? compressed : Buffer.from(html)
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': body.length,
      vary: 'Accept-Encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    })
    response.end(body)
  })
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      resolve({ url: `http://localhost:${port}/`, server })
    })
  })
}

// Lighthouse -----------------------------------------------------------------------------------------

interface NetworkRequestItem {
  resourceType?: string
  transferSize?: number
}

const REPORT_DIR = path.join(repoRoot, 'test-results/bench-pages')

async function lighthouseRun(chrome: LaunchedChrome, url: string, reportName: string): Promise<RunFigures> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const { lhr } = result
  if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  for (const warning of lhr.runWarnings) console.warn(`  (Lighthouse warning for ${url}: ${warning})`)
  // The full report of each page's last run, for finding out where the time goes.
  await mkdir(REPORT_DIR, { recursive: true })
  await writeFile(path.join(REPORT_DIR, `${reportName}.html`), String(result.report))
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequestItem[] } | undefined)?.items ?? []
  const transferred = (type: string) => requests.filter((item) => item.resourceType === type).reduce((sum, item) => sum + (item.transferSize ?? 0), 0)
  const jsBytes = transferred('Script')
  const imageBytes = transferred('Image')
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100)
  const failedAudits = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? []).filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1).map((ref) => `${id}: ${ref.id}`),
  )
  return {
    scores: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
    },
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes,
    imageBytes,
    failedAudits,
  }
}

/** Lighthouse sometimes loses the trace of a run (NO_NAVSTART): such a run is done again, twice at most. */
async function lighthouseRunWithRetry(chrome: LaunchedChrome, url: string, reportName: string): Promise<RunFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lighthouseRun(chrome, url, reportName)
    } catch (error) {
      if (attempt === 3) throw error
      console.warn(`  (${(error as Error).message}; running it again)`)
    }
  }
}

/**
 * Lighthouse's figures for `page` of each product, RUNS runs each, the products taking turns run by
 * run so a change of the machine's speed falls on both alike.
 */
async function measure(chrome: LaunchedChrome, label: string, page: string, products: readonly { name: string; siteUrl: string }[]): Promise<PageResult[]> {
  const results: PageResult[] = []
  for (const product of products) {
    const url = `${product.siteUrl}${page}`
    const response = await fetch(url, { redirect: 'manual' })
    await response.arrayBuffer()
    const location = response.headers.get('location')
    const status = `${response.status}${location ? ` → ${location}` : ''}`
    if (response.status !== 200) console.log(`${label} (${product.name}): ${status}, not measured`)
    results.push({ label, product: product.name, url, status, runs: [] })
  }
  const loadBefore = loadavg()[0]
  for (let run = 1; run <= RUNS; run++) {
    for (const result of results) {
      if (!result.status.startsWith('200')) continue
      const reportName = `${products.length > 1 ? `${result.product}-` : ''}${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}`
      const figures = await lighthouseRunWithRetry(chrome, result.url, reportName)
      console.log(
        `${label}${products.length > 1 ? ` (${result.product})` : ''} run ${run}/${RUNS}: performance ${figures.scores.performance}, ` +
          `best practices ${figures.scores['best-practices']}, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}`,
      )
      result.runs.push(figures)
    }
  }
  console.log(`${label}: load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after`)
  for (const result of results) {
    const failed = [...new Set(result.runs.flatMap((run) => run.failedAudits))]
    if (failed.length) console.log(`${label} (${result.product}): audits that cost points: ${failed.join(', ')}`)
  }
  return results
}

// Report -----------------------------------------------------------------------------------------------

function printTable(results: PageResult[], reference: PageResult): void {
  const referenceLcp = reference.runs.length ? median(reference.runs.map((run) => run.lcpMs)) : Number.NaN
  const products = new Set(results.map((result) => result.product))
  const header = [
    'page',
    ...(products.size > 1 ? ['product'] : []),
    'status',
    'perf',
    'a11y',
    'b.p.',
    'seo',
    'LCP ms',
    'TBT ms',
    'CLS',
    'JS kB',
    'img kB',
    'LCP ÷ static',
  ]
  const rows = [...results, reference].map((result) => {
    const named = [result.label, ...(products.size > 1 ? [result === reference ? '' : result.product] : []), result.status]
    if (!result.runs.length) return [...named, '', '', '', '', '', '', '', '', '', '']
    const med = (pick: (run: RunFigures) => number) => median(result.runs.map(pick))
    const lcp = med((run) => run.lcpMs)
    return [
      ...named,
      String(med((run) => run.scores.performance)),
      String(med((run) => run.scores.accessibility)),
      String(med((run) => run.scores['best-practices'])),
      String(med((run) => run.scores.seo)),
      String(Math.round(lcp)),
      String(Math.round(med((run) => run.tbtMs))),
      med((run) => run.cls).toFixed(3),
      (med((run) => run.jsBytes) / 1024).toFixed(1),
      (med((run) => run.imageBytes) / 1024).toFixed(1),
      result === reference ? '1.00' : (lcp / referenceLcp).toFixed(2),
    ]
  })
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column].length)))
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column])).join('  ')
  console.log(
    `\nMedians of ${RUNS} Lighthouse ${lighthouseVersion} runs (mobile, simulated throttling)${THROUGH_EDGE ? ', every page through Varnish' : ''}, ${new Date().toISOString()}, load average ${loadavg()
      .map((load) => load.toFixed(1))
      .join(' ')}:`,
  )
  console.log(line(header))
  console.log(line(widths.map((width) => '-'.repeat(width))))
  for (const row of rows) console.log(line(row))
  console.log("\nJS kB, img kB: JavaScript and images transferred (compressed). LCP ÷ static: the page's median LCP over the static page's.")
  if (products.size > 1) {
    const tbt = (result: PageResult) => (result.runs.length ? `${Math.round(median(result.runs.map((run) => run.tbtMs)))} ms` : '—')
    console.log('\nTBT side by side (medians; the products took turns):')
    for (const label of new Set(results.map((result) => result.label))) {
      const row = results.filter((result) => result.label === label)
      console.log(`  ${label}: ${row.map((result) => `${result.product} ${tbt(result)}`).join(', ')}`)
    }
  }
  console.log(`Each page's last Lighthouse report: ${path.relative(process.cwd(), REPORT_DIR)}/`)
}

const lighthouseVersion = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version

const products: Product[] = []
let chrome: LaunchedChrome | undefined
let reference: { url: string; server: Server } | undefined
try {
  products.push(await startProduct(repoRoot))
  if (VS_CHECKOUT) products.push(await startProduct(path.resolve(VS_CHECKOUT)))
  if (new Set(products.map((product) => product.name)).size < products.length)
    throw new Error('BENCH_PAGES_VS names a checkout with the same directory name as this one')
  const [product] = products
  const slug = await newestPostSlug(product)
  const photoSlug = await postWithPhoto(product)
  // Each product has the seed's posts; the post with a photo is made in each.
  for (const other of products.slice(1)) await postWithPhoto(other)
  const pages = [...FIXED_PAGES, slug ? `/resources/blog/${slug}` : null, photoSlug ? `/resources/blog/${photoSlug}` : null].filter(
    (page): page is string => page !== null,
  )
  if (!slug) console.log('No published post found: the blog post page is left out.')
  if (!photoSlug) console.log('No service-role key: the post with an uploaded photo is left out.')

  const homeBytes = Buffer.byteLength(await (await fetch(product.siteUrl)).text())
  const referenceHtml = staticPage(homeBytes)
  reference = await serveStatic(referenceHtml)
  console.log(
    `Static reference page at ${reference.url}: ${Buffer.byteLength(referenceHtml)} bytes ` +
      `(${gzipSync(referenceHtml).length} gzipped), sized like the HTML of / (${homeBytes} bytes)`,
  )

  chrome = await launchChrome({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
  const results: PageResult[] = []
  for (const page of pages) results.push(...(await measure(chrome, page, page, products)))
  const [referenceResult] = await measure(chrome, 'static page', '', [{ name: 'static', siteUrl: reference.url.replace(/\/$/, '') }])
  printTable(results, referenceResult)
} finally {
  chrome?.kill()
  reference?.server.close()
  for (const product of products) await product.stop()
}
