// The production web server: React Router's request handler mounted in Hono, with the built
// browser files, compression, security headers, a health check, the short-lived page cache and,
// for the local backend, its three APIs on the site's origin. `npm start` runs it (server/main.ts).
import type { HttpBindings } from '@hono/node-server'
import { Hono, type Context } from 'hono'
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import { chooseEncoding, compressBuffer, compressResponse, isCompressible } from './compression.ts'
import type { ServerConfig } from './config.ts'
import { checkHealth } from './health.ts'
import { NoncePage } from './nonce-page.ts'
import { PageCache, type RenderedPage } from './page-cache.ts'
import { applySecurityHeaders, newNonce, type SecurityOptions } from './security-headers.ts'
import { StaticFiles } from './static-files.ts'
import { isProxiedPath, proxyToSupabase } from './supabase-proxy.ts'
import { visitorAddress } from './visitor-address.ts'

type SiteEnv = { Bindings: HttpBindings; Variables: { nonce: string; visitorIp: string | null } }

/** What src/entry.server.tsx exports for this server, beside React Router's render function. */
interface AppEntry {
  createLoadContext(visitor: { ip: string | null }, nonce: string): RouterContextProvider
}

export interface SiteOptions {
  build: ServerBuild
  clientDir: string
  config: ServerConfig
}

const ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="/">Back to the home page</a></p></main></body></html>`

// Forms take at most a 5 MB CV; the actions check their own limits below this.
const MAX_BODY_BYTES = 10 * 1024 * 1024

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}

export function createSiteApp({ build, clientDir, config }: SiteOptions): Hono<SiteEnv> {
  const handle = createRequestHandler(build, 'production')
  const entry = build.entry.module as unknown as AppEntry
  if (typeof entry.createLoadContext !== 'function') throw new Error('The app build has no createLoadContext in its server entry')
  const files = new StaticFiles(clientDir)
  const cache = new PageCache(config.PAGE_CACHE_MS)
  const supabaseOrigin = new URL(config.SUPABASE_URL).origin
  const security: SecurityOptions = {
    // Proxied: the browser only ever talks to this origin. Hosted: exactly the project's origin.
    supabaseOrigin: config.SUPABASE_PROXY ? undefined : supabaseOrigin,
    https: config.SITE_URL?.startsWith('https:') ?? false,
  }

  const render = (request: Request, visitorIp: string | null, nonce: string) =>
    handle(request, entry.createLoadContext({ ip: visitorIp }, nonce))

  /** An anonymous page read: from the shared cache, with this response's nonce. */
  async function cachedRender(c: Context<SiteEnv>, url: URL): Promise<Response> {
    const request = c.req.raw
    const page = await cache.get(url.pathname + url.search, async (): Promise<RenderedPage> => {
      const token = newNonce()
      // A request of its own, so one visitor going away does not abort the render others wait for.
      // Always rendered as a GET, so a HEAD can be answered from it too.
      const response = await render(new Request(request.url, { headers: request.headers }), c.get('visitorIp'), token)
      const headers: [string, string][] = []
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') headers.push([name, value])
      })
      const body = Buffer.from(await response.arrayBuffer())
      return { status: response.status, headers, body: new NoncePage(body, token), size: body.length }
    })
    const headers = new Headers(page.headers)
    const nonce = c.get('nonce')
    const accepted = c.req.header('accept-encoding') ?? ''
    let body: Buffer
    if (page.size < 1024 || !isCompressible(headers.get('Content-Type'))) {
      body = page.body.identity(nonce)
    } else if (/\bgzip\b/.test(accepted)) {
      // Deflated once per cached page; only the nonce is new (see nonce-page.ts).
      body = page.body.gzip(nonce)
      headers.set('Content-Encoding', 'gzip')
    } else if (/\bbr\b/.test(accepted)) {
      body = compressBuffer(page.body.identity(nonce), 'br')
      headers.set('Content-Encoding', 'br')
    } else {
      body = page.body.identity(nonce)
    }
    if (headers.has('Content-Encoding')) headers.set('Vary', 'Accept-Encoding')
    headers.set('Content-Length', String(body.length))
    if (c.req.method === 'HEAD') return new Response(null, { status: page.status, headers })
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: page.status, headers })
  }

  const app = new Hono<SiteEnv>()

  app.use('*', async (c, next) => {
    const nonce = newNonce()
    c.set('nonce', nonce)
    c.set('visitorIp', visitorAddress(c.env.incoming.socket.remoteAddress, c.req.header('x-forwarded-for'), config.TRUST_PROXY))
    await next()
    let response = c.res
    if (!response.headers.has('Content-Encoding')) {
      response = compressResponse(response, chooseEncoding(c.req.header('accept-encoding')))
    }
    const type = response.headers.get('Content-Type') ?? ''
    // Browsers never keep a page: every visit asks again (pages carry a fresh nonce each time).
    if (type.startsWith('text/html') || (type.startsWith('text/x-script') && !response.headers.has('Cache-Control'))) {
      response.headers.set('Cache-Control', 'no-store')
    }
    applySecurityHeaders(response.headers, nonce, c.req.path, security)
    c.res = undefined
    c.res = response
  })

  app.onError((error, c) => {
    console.error('web server: unhandled error for', c.req.method, c.req.path, error)
    return c.html(ERROR_PAGE, 500)
  })

  app.get('/healthz', () => checkHealth(config.SUPABASE_URL, config.SUPABASE_ANON_KEY))

  if (config.SUPABASE_PROXY) {
    for (const prefix of ['/rest/v1', '/auth/v1', '/storage/v1']) {
      app.all(`${prefix}/*`, (c) => proxyToSupabase(c.req.raw, config.SUPABASE_URL, c.get('visitorIp')))
    }
  }

  app.all('*', async (c) => {
    const method = c.req.method
    const url = new URL(c.req.url)
    const pathname = url.pathname
    if ((method === 'GET' || method === 'HEAD') && /\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.data')) {
      const file = await files.serve(pathname, c.req.header('accept-encoding') ?? '', method === 'HEAD')
      if (file) {
        if (await files.notModified(pathname, c.req.header('if-none-match'))) {
          return new Response(null, { status: 304, headers: { ETag: file.headers.get('ETag') ?? '', 'Cache-Control': file.headers.get('Cache-Control') ?? '' } })
        }
        return file
      }
      if (pathname.startsWith('/assets/')) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    }
    if (isProxiedPath(pathname)) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    const declared = Number(c.req.header('content-length') ?? 0)
    if (declared > MAX_BODY_BYTES) return new Response('Request body too large', { status: 413, headers: { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close' } })
    const anonymousRead = (method === 'GET' || method === 'HEAD') && cache.enabled && !isAdminPath(pathname) && !c.req.header('authorization')
    if (anonymousRead) return cachedRender(c, url)
    return render(c.req.raw, c.get('visitorIp'), c.get('nonce'))
  })

  return app
}
