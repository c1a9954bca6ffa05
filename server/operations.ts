// What operators and load balancers ask the web server: GET /healthz (health.ts) and, when
// METRICS_TOKEN is set, GET /metrics (metrics.ts) with that token as its bearer token. Without a
// token there is no /metrics route: the path is an ordinary unknown page.
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import type { ServerConfig } from './config.ts'
import { checkHealth } from './health.ts'
import { metricsText } from './metrics.ts'
import type { SiteContext, SiteEnv } from './site-env.ts'
import { packageVersion } from './version.ts'

export type OperationsConfig = Pick<ServerConfig, 'SUPABASE_URL' | 'SUPABASE_PUBLISHABLE_KEY' | 'METRICS_TOKEN'>

export function operations(config: OperationsConfig): Hono<SiteEnv> {
  const app = new Hono<SiteEnv>()
  const version = packageVersion()
  app.get('/healthz', (c) => {
    c.set('route', '/healthz')
    return checkHealth(config.SUPABASE_URL, config.SUPABASE_PUBLISHABLE_KEY, version, c.get('requestId'))
  })
  const token = config.METRICS_TOKEN
  if (token) app.get('/metrics', (c) => answerMetrics(c, token))
  return app
}

/** The metrics in Prometheus's format, for a request that carries the token. */
async function answerMetrics(c: SiteContext, token: string): Promise<Response> {
  c.set('route', '/metrics')
  if (!bearerMatches(c.req.header('authorization'), token)) {
    return new Response('Unauthorized', { status: 401, headers: { 'WWW-Authenticate': 'Bearer', 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  const { text, contentType } = await metricsText()
  return new Response(text, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
}

/** Whether an Authorization header carries `token` as its bearer token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
