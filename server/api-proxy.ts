// The local backend's three APIs on the site's own origin (/rest/v1, /auth/v1, /storage/v1), so the
// browser uses one origin: the admin's supabase-js, and visitors loading uploaded images through
// public URLs that work for everyone. Bodies stream both ways; the backend applies its own limits
// (body sizes, upload caps). The visitor's address, as this server determined it, replaces any
// X-Forwarded-For the visitor sent, so the backend's per-client limits key on the real visitor, and
// the request's id (request-id.ts) replaces any X-Request-Id. An answer that depends on the
// caller's key or token is marked private and uncacheable, varying on both. Only with
// SUPABASE_PROXY: with a hosted project the browser talks to it directly, and these paths are 404
// here (isProxiedPath).
import { Hono } from 'hono'
import type { ServerConfig } from './config.ts'
import { requestScheme } from './origin-check.ts'
import type { SiteEnv } from './site-env.ts'

export const PROXIED_PREFIXES = ['/rest/v1', '/auth/v1', '/storage/v1']

export function isProxiedPath(pathname: string): boolean {
  return PROXIED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
}

// Hop-by-hop headers (RFC 9110 §7.6.1) and those this hop rewrites.
const DROP_REQUEST = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
  'x-forwarded-for',
  'x-real-ip',
  'forwarded',
  'accept-encoding',
  'expect',
  'x-request-id',
])
const DROP_RESPONSE = new Set(['connection', 'keep-alive', 'transfer-encoding', 'trailer', 'upgrade'])

/** What this server knows of a request beyond its own headers. */
export interface ProxiedRequest {
  visitorIp: string | null
  requestId: string
  /** The scheme the visitor's browser used (a trusted proxy's X-Forwarded-Proto, or the connection's). */
  scheme: 'http' | 'https'
}

// Public objects and their renditions are the same for everyone and keep the cache settings they
// were stored with; every other answer depends on the caller's key or session.
const PUBLIC_READS = ['/storage/v1/object/public/', '/storage/v1/render/image/public/']

export async function proxyToSupabase(request: Request, upstream: string, { visitorIp, requestId, scheme }: ProxiedRequest): Promise<Response> {
  const url = new URL(request.url)
  const target = new URL(url.pathname + url.search, upstream)
  const headers = new Headers()
  request.headers.forEach((value, name) => {
    if (!DROP_REQUEST.has(name)) headers.set(name, value)
  })
  if (visitorIp) headers.set('X-Forwarded-For', visitorIp)
  // This server's id for the request (accepted from a trusted proxy or made here), so the backend's
  // log line can be matched with this one.
  headers.set('X-Request-Id', requestId)
  headers.set('X-Forwarded-Host', url.host)
  headers.set('X-Forwarded-Proto', scheme)
  // The body passes through as it comes: the backend sees the visitor's bytes, not a re-encoding.
  headers.set('Accept-Encoding', 'identity')
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null
  let answer: Response
  try {
    answer = await fetch(target, {
      method: request.method,
      headers,
      body: hasBody ? request.body : undefined,
      redirect: 'manual',
      signal: request.signal,
      ...(hasBody ? { duplex: 'half' } : {}),
    } as RequestInit)
  } catch (error) {
    if (request.signal.aborted) return new Response(null, { status: 499 })
    console.error('proxy: the Supabase API did not answer:', error)
    return Response.json({ message: 'The service is unavailable, please try again later.' }, { status: 502 })
  }
  const out = new Headers()
  answer.headers.forEach((value, name) => {
    if (!DROP_RESPONSE.has(name)) out.append(name, value)
  })
  if ((request.headers.has('authorization') || request.headers.has('apikey')) && !PUBLIC_READS.some((prefix) => url.pathname.startsWith(prefix))) {
    // Rows, sessions and private files as one caller may see them: never kept by a shared cache,
    // nor by the browser for another key.
    out.set('Cache-Control', 'private, no-store')
    out.set('Vary', [out.get('Vary'), 'Authorization, apikey'].filter(Boolean).join(', '))
  }
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
}

/** Every method on the three APIs' paths, forwarded to SUPABASE_URL. */
export function apiProxy(config: Pick<ServerConfig, 'SUPABASE_URL' | 'TRUST_PROXY'>): Hono<SiteEnv> {
  const app = new Hono<SiteEnv>()
  for (const prefix of PROXIED_PREFIXES) {
    const route = `${prefix}/*`
    app.all(route, (c) => {
      c.set('route', route)
      const scheme = requestScheme(new URL(c.req.url), c.req.header('x-forwarded-proto'), config.TRUST_PROXY)
      return proxyToSupabase(c.req.raw, config.SUPABASE_URL, { visitorIp: c.get('visitorIp'), requestId: c.get('requestId'), scheme })
    })
  }
  return app
}
