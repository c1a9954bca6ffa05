// What every request goes through, whatever answers it: its id (request-id.ts), the visitor's
// address (visitor-address.ts), its nonce and the site's address in the request's variables
// (site-env.ts); on the way out compression, the default Cache-Control, the security headers and
// X-Request-Id, then its metrics and its one log line. An error nobody caught becomes a plain error
// page, or 499 when the visitor had already gone.
import type { MiddlewareHandler } from 'hono'
import { chooseEncoding, compressResponse, worthCompressing } from './compression.ts'
import type { ServerConfig } from './config.ts'
import { log, loggedPath, requestScope } from './log.ts'
import { httpDuration, httpRequests } from './metrics.ts'
import { siteAddress, type SiteAddress } from './origin-check.ts'
import { clientWentAway } from './plain-answers.ts'
import { requestIdOf } from './request-id.ts'
import { applySecurityHeaders, newNonce, type SecurityOptions } from './security-headers.ts'
import type { SiteContext, SiteEnv } from './site-env.ts'
import { visitorAddress } from './visitor-address.ts'

export interface EnvelopeOptions {
  config: Pick<ServerConfig, 'SITE_URL' | 'PORT' | 'TRUST_PROXY'>
  security: SecurityOptions
}

const ERROR_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Something went wrong</title></head><body><main><h1>Something went wrong</h1><p>Please try again in a moment.</p><p><a href="/">Back to the home page</a></p></main></body></html>`

/** The middleware that opens every request and finishes its response. */
export function envelope({ config, security }: EnvelopeOptions): MiddlewareHandler<SiteEnv> {
  // Fixed by the first request: the port this server listens on (PORT may be 0, "any free port").
  let site: SiteAddress | undefined
  return async (c, next) => {
    const started = performance.now()
    site ??= siteAddress(config.SITE_URL, c.env.incoming.socket.localPort ?? config.PORT)
    const requestId = openRequest(c, site, config.TRUST_PROXY)
    await requestScope.run({ requestId }, next)
    const response = finishedResponse(c, security)
    c.res = undefined
    c.res = response
    recordRequest(c, response.status, started)
  }
}

/** Sets the request's variables; returns its id. */
function openRequest(c: SiteContext, site: SiteAddress, trustProxy: number): string {
  const requestId = requestIdOf(c.req.header('x-request-id'), trustProxy)
  c.set('site', site)
  c.set('nonce', newNonce())
  c.set('requestId', requestId)
  c.set('route', 'unmatched')
  c.set('visitorIp', visitorAddress(c.env.incoming.socket.remoteAddress, c.req.header('x-forwarded-for'), trustProxy))
  return requestId
}

/** The response as it leaves: compressed when worth it, with the site-wide headers it left unset. */
function finishedResponse(c: SiteContext, security: SecurityOptions): Response {
  let response = c.res
  // Static files and cached pages arrive compressed (or too small to be worth it).
  if (worthCompressing(response)) response = compressResponse(response, chooseEncoding(c.req.header('accept-encoding')))
  const type = response.headers.get('Content-Type') ?? ''
  // Browsers never keep a page they were not told they may (shared-pages.ts says so for shared
  // ones, a route may say `private, no-store`): every visit asks again.
  if ((type.startsWith('text/html') || type.startsWith('text/x-script')) && !response.headers.has('Cache-Control')) {
    response.headers.set('Cache-Control', 'no-store')
  }
  applySecurityHeaders(response.headers, c.get('nonce'), c.req.path, security)
  response.headers.set('X-Request-Id', c.get('requestId'))
  return response
}

/** Counts the request in the metrics and writes its log line. */
function recordRequest(c: SiteContext, status: number, started: number): void {
  const method = c.req.method
  const route = c.get('route')
  const seconds = (performance.now() - started) / 1000
  httpRequests.inc({ method, route, status })
  httpDuration.observe({ method, route }, seconds)
  log.info(
    { reqId: c.get('requestId'), method, path: loggedPath(c.req.path), route, status, ms: Math.round(seconds * 10_000) / 10, ip: c.get('visitorIp') },
    'request',
  )
}

/** The answer to an error no part of the server caught (Hono's onError). */
export function answerUncaughtError(error: Error, c: SiteContext): Response {
  // A visitor who went away mid-request is not a fault of ours (499: nobody reads the answer).
  if (c.req.raw.signal.aborted) return clientWentAway()
  console.error('web server: unhandled error for', c.req.method, loggedPath(c.req.path), error)
  return c.html(ERROR_PAGE, 500)
}
