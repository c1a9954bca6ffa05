// The HTTP surface of the local backend: the three Supabase APIs that supabase-js speaks, behind the
// gateway behaviour every route shares (CORS, one log line per request, errors that never crash).
import { randomUUID } from 'node:crypto'
import { Hono } from 'hono'
import { cors } from 'hono/cors'
import type { Logger } from 'pino'
import type { BackendDeps } from './deps.ts'
import { createAuthRoutes } from './auth/routes.ts'
import { apiKeyGateway } from './gateway.ts'
import { createRestRoutes } from './rest/routes.ts'
import { createStorageRoutes } from './storage/routes.ts'
import { createTestClockRoutes } from './test-clock.ts'

/** Longest request target (path and query) served, as nginx/Kong in front of Supabase's APIs. */
export const MAX_URL_BYTES = 8 * 1024

/**
 * The request log: one JSON line per request, readable text in a terminal. pino (and pino-pretty,
 * for a terminal only) load here, not with the module: a backend started with LOG_REQUESTS=0, as
 * the tests start theirs, never pays for them.
 */
export async function createRequestLog({ level, pretty }: { level: string; pretty: boolean }): Promise<Logger> {
  const { default: pino } = await import('pino')
  const destination = pretty
    ? (await import('pino-pretty')).default({ sync: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' })
    : pino.destination({ sync: true })
  return pino({ level, base: { pid: process.pid, name: 'local-backend' }, timestamp: pino.stdTimeFunctions.isoTime }, destination)
}

/**
 * The level of a request's line. The web server's background chores (the outbox, the purge feed,
 * the redirects' reload) call several times a second under ids of their own (`chore:<name>`):
 * their successful answers are at debug, so the log shows what visitors and staff do. Every
 * failure is at info, whoever asked.
 */
export function requestLogLevel(status: number, reqId: string): 'info' | 'debug' {
  return status < 400 && reqId.startsWith('chore:') ? 'debug' : 'info'
}

/** A CV's object name is the applicant's own file name: the log keeps the path up to the bucket. */
export function loggedPath(pathname: string): string {
  return pathname.replace(/(\/storage\/v1\/object\/(?:[a-z]+\/)*applications\/).+/i, '$1[file]')
}

/** @param requestLog where each request's line goes; none: no request log (LOG_REQUESTS=0). */
export function createApp(deps: BackendDeps, requestLog: Logger | null): Hono {
  const app = new Hono()

  // A longer URL is a 414 before anything parses it. (Past Node's 16 KiB header limit the server's
  // clientError handler answers 431; see main.ts.)
  app.use(async (c, next) => {
    const url = c.req.url
    const pathAt = url.indexOf('/', url.indexOf('//') + 2)
    if (url.length - pathAt > MAX_URL_BYTES) return c.json({ message: 'Request-URI Too Long' }, 414)
    await next()
  })

  // One JSON line per request (readable text in a terminal), under the id the caller gave in
  // X-Request-Id (the web server passes its own), so a visitor's request can be followed through
  // both servers' logs; a request without one gets an id here. The answer carries it back.
  app.use(async (c, next) => {
    const started = performance.now()
    const given = c.req.header('x-request-id')
    const reqId = given !== undefined && /^[A-Za-z0-9._:@/+=-]{1,128}$/.test(given) ? given : randomUUID()
    await next()
    c.res.headers.set('X-Request-Id', reqId)
    if (!requestLog) return
    const ms = Math.round((performance.now() - started) * 10) / 10
    const line = { reqId, method: c.req.method, path: loggedPath(new URL(c.req.url).pathname), status: c.res.status, ms }
    requestLog[requestLogLevel(c.res.status, reqId)](line, 'request')
  })

  // Supabase answers any origin with '*': its APIs authenticate with headers (apikey, bearer), never
  // cookies, so no credentials are allowed and nothing is gained by reflecting the origin.
  app.use(
    cors({
      origin: deps.config.corsOrigins,
      allowHeaders: [
        'authorization',
        'apikey',
        'content-type',
        'accept',
        'accept-profile',
        'content-profile',
        'prefer',
        'range',
        'range-unit',
        'x-client-info',
        'x-upsert',
        'cache-control',
        'x-supabase-api-version',
        'x-request-id',
      ],
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      exposeHeaders: ['content-range', 'content-profile', 'x-total-count', 'content-length', 'etag', 'x-request-id'],
      maxAge: 86_400,
    }),
  )

  const gateway = apiKeyGateway(deps.verifier)
  for (const api of ['/rest/v1/*', '/auth/v1/*', '/storage/v1/*']) app.use(api, gateway)
  app.route('/rest/v1', createRestRoutes(deps))
  app.route('/auth/v1', createAuthRoutes(deps))
  app.route('/storage/v1', createStorageRoutes(deps))
  if (deps.config.testClock) app.route('/test/v1', createTestClockRoutes(deps))

  app.notFound((c) => c.json({ message: 'no Route matched with those values' }, 404))
  app.onError((error, c) => {
    console.error(`${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
    return c.json({ message: 'Internal server error' }, 500)
  })
  return app
}
