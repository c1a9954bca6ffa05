// One spelling per address. A request path that names the same resource as another spelling
// (`//x/about`, `/./about`, `/%2e%2e/about`, `/%61bout`, `/about/`) is answered with a redirect to
// its normal form before anything is rendered, so nothing downstream (the route match, the shared
// render's key, the render's own URL) ever sees two spellings, or a path that a URL parser would
// read as another host. Normal form (RFC 3986 §6.2.2): no empty segments, `.` and `..` resolved
// (percent-encoded ones too, never above the root), percent-encoded unreserved characters decoded,
// bytes outside the path's characters percent-encoded, no trailing slash but the root's. A path
// with a broken percent-encoding, or one that decodes to something other than UTF-8, is malformed.
import type { HttpBindings } from '@hono/node-server'
import type { MiddlewareHandler } from 'hono'
import { isProxiedPath } from './api-proxy.ts'
import { textAnswer } from './plain-answers.ts'

export type PathVerdict = { kind: 'normal' } | { kind: 'redirect'; location: string } | { kind: 'malformed' }

const UNRESERVED = /[A-Za-z0-9\-._~]/
// RFC 3986 pchar without the percent sign: unreserved, sub-delims, ':' and '@'.
const PATH_CHAR = /[A-Za-z0-9\-._~!$&'()*+,;=:@]/
const HEX = /^[0-9A-Fa-f]{2}$/

/** A segment in normal form, or null when its percent-encoding is broken. */
function normalSegment(segment: string): string | null {
  let out = ''
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i]
    if (char === '%') {
      const hex = segment.slice(i + 1, i + 3)
      if (!HEX.test(hex)) return null
      const decoded = String.fromCharCode(parseInt(hex, 16))
      out += UNRESERVED.test(decoded) ? decoded : `%${hex}`
      i += 2
    } else if (PATH_CHAR.test(char)) {
      out += char
    } else {
      // Node hands the target over as latin1, one character per byte: encode each byte.
      const code = char.charCodeAt(0)
      if (code > 0xff) return null
      out += `%${code.toString(16).toUpperCase().padStart(2, '0')}`
    }
  }
  try {
    decodeURIComponent(out)
  } catch {
    return null
  }
  return out
}

const isDot = (segment: string) => segment === '.' || segment.toLowerCase() === '%2e'
const isDotDot = (segment: string) => /^(\.|%2e){2}$/i.test(segment)

/** The verdict on a request target as the client sent it (origin-form or absolute-form). */
export function normalFormOf(target: string): PathVerdict {
  const absolute = /^https?:\/\/[^/?#]*/i.exec(target)
  const relative = absolute ? target.slice(absolute[0].length) || '/' : target
  if (!relative.startsWith('/')) return { kind: 'malformed' }
  const queryAt = relative.indexOf('?')
  const path = queryAt === -1 ? relative : relative.slice(0, queryAt)
  const query = queryAt === -1 ? '' : relative.slice(queryAt)
  if (path.includes('#')) return { kind: 'malformed' }
  const segments: string[] = []
  for (const raw of path.split('/')) {
    if (raw === '' || isDot(raw)) continue
    if (isDotDot(raw)) {
      segments.pop()
      continue
    }
    const segment = normalSegment(raw)
    if (segment === null) return { kind: 'malformed' }
    segments.push(segment)
  }
  const normal = `/${segments.join('/')}`
  return normal === path ? { kind: 'normal' } : { kind: 'redirect', location: normal + query }
}

/**
 * Answers a path that is not in its normal form: a redirect to it (301 for a read, 308 for anything
 * else, so a post keeps its method and body), or 400 when it is malformed. The proxied Supabase APIs
 * take their paths as they come (storage object names are the client's own).
 */
export const redirectToNormalForm: MiddlewareHandler<{ Bindings: HttpBindings }> = async (c, next) => {
  if (isProxiedPath(c.req.path)) return next()
  const verdict = normalFormOf(c.env.incoming.url ?? '/')
  if (verdict.kind === 'normal') return next()
  if (verdict.kind === 'malformed') return textAnswer('Bad Request', 400)
  const read = c.req.method === 'GET' || c.req.method === 'HEAD'
  return new Response(null, { status: read ? 301 : 308, headers: { Location: verdict.location } })
}
