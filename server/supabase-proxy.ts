// The local backend's three APIs on the site's own origin (/rest/v1, /auth/v1, /storage/v1), so the
// browser uses one origin: the admin's supabase-js, and visitors loading uploaded images through
// public URLs that work for everyone. Bodies stream both ways; the backend applies its own limits
// (body sizes, upload caps). The visitor's address, as this server determined it, replaces any
// X-Forwarded-For the visitor sent, so the backend's per-client limits key on the real visitor, and
// the request's id (request-id.ts) replaces any X-Request-Id.

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

export async function proxyToSupabase(request: Request, upstream: string, visitorIp: string | null, requestId: string): Promise<Response> {
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
  headers.set('X-Forwarded-Proto', url.protocol.replace(':', ''))
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
  return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: out })
}
