// The production web server: React Router's request handler mounted in Hono, with the built
// browser files, compression, security headers, a health check, the short-lived page cache and,
// for the local backend, its three APIs on the site's origin. `npm start` runs it (server/main.ts).
//
// Every absolute URL the app renders starts with one origin fixed before the first request
// (SITE_URL, or http://localhost:PORT), handed to the app in the request context, and a post must
// come from that origin (origin-check.ts). A request that names another host (a forged Host, a
// proxy that does not pass the site's on) gets the site's own shared render, made from a request on
// the site's origin, so it costs no render and no page ever carries the host it named. Only paths
// in their normal form get this far (path-normal-form.ts).
import { timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import type { HttpBindings } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { chooseEncoding, compressResponse, worthCompressing } from './compression.ts'
import type { ServerConfig } from './config.ts'
import { checkHealth } from './health.ts'
import { log, loggedPath, requestScope } from './log.ts'
import { httpDuration, httpRequests, metricsText, pageCacheLookups, watchPageCache } from './metrics.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'
import type { RenderRecord } from '../src/lib/render-record.ts'
import { LastGoodPages } from './last-good-pages.ts'
import { expectedOrigin, isFromSite, requestOrigin, requestScheme, siteAddress, type SiteAddress } from './origin-check.ts'
import { PageCache } from './page-cache.ts'
import { redirectToNormalForm } from './path-normal-form.ts'
import { followPurges } from './purge-feed.ts'
import { RenderBudget } from './render-budget.ts'
import { SharedPages, type SharedPage } from './shared-pages.ts'
import { RedirectTable, redirectResponse } from './redirects.ts'
import { refuse } from './refusals.ts'
import { readPostBody } from './request-body.ts'
import { RouteMatcher } from './route-match.ts'
import { applySecurityHeaders, newNonce, type SecurityOptions } from './security-headers.ts'
import { RenderQuota, sharedRender, type SharedRender } from './shared-render.ts'
import type { StaticFiles } from './static-files.ts'
import { isProxiedPath, proxyToSupabase } from './supabase-proxy.ts'
import { requestIdOf } from './request-id.ts'
import { UploadSlots } from './upload-slots.ts'
import { packageVersion } from './version.ts'
import { visitorAddress } from './visitor-address.ts'

type SiteEnv = { Bindings: HttpBindings; Variables: { nonce: string; visitorIp: string | null; requestId: string; route: string } }

/** What src/entry.server.tsx exports for this server, beside React Router's render function. */
interface AppEntry {
  createLoadContext(
    visitor: { ip: string | null; requestId: string },
    nonce: string,
    siteOrigin: string,
    searchDeclined?: boolean,
    record?: RenderRecord,
  ): RouterContextProvider
}

export interface SiteOptions {
  build: ServerBuild
  /** The built browser files, loaded before the server listens (StaticFiles.load). */
  files: StaticFiles
  config: ServerConfig
}

const ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="/">Back to the home page</a></p></main></body></html>`

// A body for a route that names no limit of its own (routes say so in their handle); a route that
// takes more takes files, and its posts are uploads (upload-slots.ts).
const DEFAULT_MAX_BODY_BYTES = 64 * 1024
const UPLOADS_AT_ONCE = 4
const UPLOADS_AT_ONCE_PER_CLIENT = 2

const textAnswer = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

// nginx's code for a client that closed the connection before the answer: counted and logged as
// what it is, never as a server error.
const clientWentAway = () => new Response(null, { status: 499 })

/** Whether an Authorization header carries `token` as its bearer token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function createSiteApp({ build, files, config }: SiteOptions): Hono<SiteEnv> {
  const handle = createRequestHandler(build, 'production')
  const entry = build.entry.module as unknown as AppEntry
  if (typeof entry.createLoadContext !== 'function') throw new Error('The app build has no createLoadContext in its server entry')
  const routes = new RouteMatcher(build)
  const redirects = new RedirectTable(config.SUPABASE_URL, config.SUPABASE_PUBLISHABLE_KEY)
  redirects.start()
  // With the secret key this process follows the database's purges, so pages live as long here as
  // in the caches in front; without it, a second (PAGE_CACHE_MS) is as stale as a page may be.
  const purged = config.SUPABASE_SECRET_KEY !== undefined && config.PAGE_CACHE_MS > 0
  const cache = new PageCache<SharedPage>({
    ttlMs: purged ? Math.max(config.PAGE_EDGE_SECONDS * 1000, config.PAGE_CACHE_MS) : config.PAGE_CACHE_MS,
    maxBytes: config.PAGE_CACHE_BYTES,
    observe: (outcome) => pageCacheLookups.inc({ outcome }),
  })
  watchPageCache(() => ({ bytes: cache.storedBytes, entries: cache.size }))
  if (purged) followPurges(createServiceClient(config.SUPABASE_URL, config.SUPABASE_SECRET_KEY!), (scope) => cache.purge(scope))
  const lastGood = new LastGoodPages(config.PAGE_STORE_DIR ?? path.join(config.DATA_DIR, 'pages'), config.PAGE_CACHE_BYTES)
  lastGood.open().catch((error: unknown) => console.error(`web server: last good pages are kept in memory only: ${(error as Error).message}`))
  const version = packageVersion()
  const searchesPerClient = new RenderQuota(config.SEARCHES_PER_MINUTE, 60_000)
  // Searches from many clients at once would take the CPU and the database from every cached page.
  const searchesForSite = new RenderQuota(config.SEARCHES_PER_SECOND, 1000)
  const uploads = new UploadSlots(UPLOADS_AT_ONCE, UPLOADS_AT_ONCE_PER_CLIENT)
  // Fixed by the first request: the port this server listens on (PORT may be 0, "any free port").
  let site: SiteAddress | undefined
  let foreignHostNoted = false
  /** Says once per process that requests name a host the site does not answer to as itself. */
  function noteForeignHost(host: string): void {
    if (foreignHostNoted) return
    foreignHostNoted = true
    console.warn(
      `web server: requests arrive for host ${JSON.stringify(host.slice(0, 100))}, not the site's own (${site!.origin}); they get the site's pages as ${site!.origin}. ` +
        `If that host is the site's public address, set SITE_URL to its origin; behind a proxy, have the proxy pass the Host header on. Said once.`,
    )
  }
  const supabaseOrigin = new URL(config.SUPABASE_URL).origin
  const security: SecurityOptions = {
    // Proxied: the browser only ever talks to this origin. Hosted: exactly the project's origin.
    supabaseOrigin: config.SUPABASE_PROXY ? undefined : supabaseOrigin,
    https: config.SITE_URL?.startsWith('https:') ?? false,
  }
  const sharedPages = new SharedPages({
    cache,
    lastGood,
    budget: new RenderBudget({ perClientPerMinute: config.MISS_RENDERS_PER_MINUTE, perSecond: config.MISS_RENDERS_PER_SECOND, atOnce: config.RENDERS_AT_ONCE }),
    policy: {
      edgeSeconds: config.PAGE_EDGE_SECONDS,
      staleWhileRevalidateSeconds: config.PAGE_STALE_WHILE_REVALIDATE_SECONDS,
      staleIfErrorSeconds: config.PAGE_STALE_IF_ERROR_SECONDS,
    },
    purged,
    security,
    unpurgeableTtlMs: config.PAGE_CACHE_MS,
  })

  const render = (c: Context<SiteEnv>, request: Request, nonce: string, searchDeclined = false) =>
    handle(request, entry.createLoadContext({ ip: c.get('visitorIp'), requestId: c.get('requestId') }, nonce, site!.origin, searchDeclined))

  /** An anonymous page read: from the shared cache, or one render shared by all who ask meanwhile. */
  const cachedRender = (c: Context<SiteEnv>, shared: SharedRender) =>
    sharedPages.respond(c.req.raw, shared, c.get('visitorIp') ?? 'unknown', (request, record) =>
      handle(request, entry.createLoadContext({ ip: c.get('visitorIp'), requestId: c.get('requestId') }, '', site!.origin, shared.searchDeclined, record)),
    )

  const app = new Hono<SiteEnv>()

  app.use('*', async (c, next) => {
    const started = performance.now()
    site ??= siteAddress(config.SITE_URL, c.env.incoming.socket.localPort ?? config.PORT)
    const nonce = newNonce()
    const requestId = requestIdOf(c.req.header('x-request-id'), config.TRUST_PROXY)
    c.set('nonce', nonce)
    c.set('requestId', requestId)
    c.set('route', 'unmatched')
    c.set('visitorIp', visitorAddress(c.env.incoming.socket.remoteAddress, c.req.header('x-forwarded-for'), config.TRUST_PROXY))
    await requestScope.run({ requestId }, next)
    let response = c.res
    // Static files and cached pages arrive compressed (or too small to be worth it).
    if (worthCompressing(response)) response = compressResponse(response, chooseEncoding(c.req.header('accept-encoding')))
    const type = response.headers.get('Content-Type') ?? ''
    // Browsers never keep a page they were not told they may (shared-pages.ts says so for shared
    // ones, a route may say `private, no-store`): every visit asks again.
    if ((type.startsWith('text/html') || type.startsWith('text/x-script')) && !response.headers.has('Cache-Control')) {
      response.headers.set('Cache-Control', 'no-store')
    }
    applySecurityHeaders(response.headers, nonce, c.req.path, security)
    response.headers.set('X-Request-Id', requestId)
    c.res = undefined
    c.res = response
    const method = c.req.method
    const route = c.get('route')
    const seconds = (performance.now() - started) / 1000
    httpRequests.inc({ method, route, status: response.status })
    httpDuration.observe({ method, route }, seconds)
    log.info(
      { reqId: requestId, method, path: loggedPath(c.req.path), route, status: response.status, ms: Math.round(seconds * 10_000) / 10, ip: c.get('visitorIp') },
      'request',
    )
  })

  app.onError((error, c) => {
    // A visitor who went away mid-request is not a fault of ours (499: nobody reads the answer).
    if (c.req.raw.signal.aborted) return clientWentAway()
    console.error('web server: unhandled error for', c.req.method, loggedPath(c.req.path), error)
    return c.html(ERROR_PAGE, 500)
  })

  app.use('*', redirectToNormalForm)

  app.get('/healthz', (c) => {
    c.set('route', '/healthz')
    return checkHealth(config.SUPABASE_URL, config.SUPABASE_PUBLISHABLE_KEY, version, c.get('requestId'))
  })

  // Without a token /metrics is an ordinary unknown page.
  const metricsToken = config.METRICS_TOKEN
  if (metricsToken) {
    app.get('/metrics', async (c) => {
      c.set('route', '/metrics')
      if (!bearerMatches(c.req.header('authorization'), metricsToken)) {
        return new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain; charset=utf-8' } })
      }
      const { text, contentType } = await metricsText()
      return new Response(text, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
    })
  }

  if (config.SUPABASE_PROXY) {
    for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1']) {
      app.all(`${prefix}/*`, (c) => {
        c.set('route', `${prefix}/*`)
        const scheme = requestScheme(new URL(c.req.url), c.req.header('x-forwarded-proto'), config.TRUST_PROXY)
        return proxyToSupabase(c.req.raw, config.SUPABASE_URL, { visitorIp: c.get('visitorIp'), requestId: c.get('requestId'), scheme })
      })
    }
  }

  app.all('*', async (c) => {
    const method = c.req.method
    const read = method === 'GET' || method === 'HEAD'
    const url = new URL(c.req.url)
    const pathname = url.pathname
    if (read && ((/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.data')) || pathname.startsWith('/assets/'))) {
      const found = files.lookup(pathname)
      c.set('route', 'static file')
      if (found && 'file' in found) {
        return files.respond(found.file, {
          acceptEncoding: c.req.header('accept-encoding'),
          ifNoneMatch: c.req.header('if-none-match'),
          head: method === 'HEAD',
        })
      }
      if (found) return new Response(null, { status: 301, headers: { Location: found.redirect + url.search } })
      if (pathname.startsWith('/assets/')) return textAnswer('Not found', 404)
    }
    if (isProxiedPath(pathname)) return textAnswer('Not found', 404)
    if (read) {
      const redirect = redirects.lookup(pathname)
      if (redirect) return redirectResponse(redirect, url.search)
    }
    const match = routes.match(pathname)
    c.set('route', match ? match.pattern : 'unmatched')
    if (read) {
      if (!foreignHostNoted) {
        const host = (c.req.header('host') ?? '').toLowerCase()
        if (!site!.hosts.has(url.host) || !site!.hosts.has(host)) noteForeignHost(site!.hosts.has(url.host) ? host : url.host)
      }
      if (cache.enabled && match?.sharedRender && !c.req.header('authorization')) {
        let shared = sharedRender(url, match, site!.origin)
        if (shared.parameterised && !cache.has(shared.key)) {
          const allowed = searchesPerClient.take(c.get('visitorIp') ?? 'unknown') && searchesForSite.take('site')
          if (!allowed) shared = sharedRender(url, match, site!.origin, { searchDeclined: true })
        }
        return cachedRender(c, shared)
      }
      return render(c, c.req.raw, c.get('nonce'))
    }
    // A post from another site's page (React Router refuses it too; here it costs one log line).
    const origin = c.req.header('origin')
    const ownOrigin = expectedOrigin(site!, requestOrigin(url, c.req.header('x-forwarded-proto'), config.TRUST_PROXY))
    if (!isFromSite(origin, c.req.header('sec-fetch-site'), ownOrigin)) {
      console.warn(`web server: refused a ${method} to ${loggedPath(pathname)} from another origin (${(origin ?? '').slice(0, 100)}, not ${ownOrigin})`)
      return textAnswer('Bad Request', 400)
    }
    const raw = c.req.raw
    const headers = new Headers(raw.headers)
    // A same-origin `null` said as the site's own origin, which React Router compares with the URL's.
    if (origin !== undefined) headers.set('origin', ownOrigin)
    let body: Uint8Array<ArrayBuffer> | undefined
    if (raw.body) {
      const limit = match?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
      const upload = limit > DEFAULT_MAX_BODY_BYTES ? { slots: uploads, client: c.get('visitorIp') ?? 'unknown' } : undefined
      const read = await readPostBody(raw, limit, upload)
      if (read.kind === 'aborted') return clientWentAway()
      if (read.kind !== 'read') return refuse(read.kind, { method, path: loggedPath(pathname), limit })
      body = read.body
      headers.delete('transfer-encoding')
      headers.set('content-length', String(body.byteLength))
    }
    // On the site's origin whatever the connection's scheme (a proxy may have terminated TLS).
    const request = new Request(new URL(pathname + url.search, ownOrigin), { method, headers, body, signal: raw.signal })
    return render(c, request, c.get('nonce'))
  })

  return app
}
