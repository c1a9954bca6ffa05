// What a shared page tells the caches in front of the web server (a CDN, Varnish, the browser):
// browsers ask again every time (max-age=0) and get a 304 when nothing changed; shared caches keep
// it for PAGE_EDGE_SECONDS (s-maxage), may serve it a while longer while they fetch it again
// (stale-while-revalidate) or while the origin fails (stale-if-error), and are told which content
// it shows (Surrogate-Key for Varnish and Fastly, Cache-Tag for Cloudflare), so a purge of that
// content drops it at once. Its ETag is strong and comes from its body: any web instance that
// renders the same content gives the same tag.
import { createHash } from 'node:crypto'
import { normalizePath } from './redirects.ts'

export interface EdgePolicy {
  /** s-maxage: how long shared caches keep a page (purges end it early). */
  edgeSeconds: number
  /** stale-while-revalidate: how long past that they may serve it while fetching it again. */
  staleWhileRevalidateSeconds: number
  /** stale-if-error: how long past that they may serve it while the origin fails. */
  staleIfErrorSeconds: number
}

/** Answers a shared cache may keep: pages, redirects, pages that do not exist or no longer do. */
export const EDGE_STATUSES: ReadonlySet<number> = new Set([200, 301, 302, 307, 308, 404, 410])

/** The Cache-Control of a shared page kept `edgeSeconds` at the edge. */
export function sharedCacheControl(policy: EdgePolicy, edgeSeconds = policy.edgeSeconds): string {
  return `public, max-age=0, s-maxage=${edgeSeconds}, stale-while-revalidate=${policy.staleWhileRevalidateSeconds}, stale-if-error=${policy.staleIfErrorSeconds}`
}

/** A body's tag (without quotes): the same bytes give the same tag in every process. */
export function bodyTag(body: Buffer): string {
  return createHash('sha256').update(body).digest('base64url').slice(0, 32)
}

/** The strong ETag of the body in one content coding: each coding is its own representation. */
export function etag(tag: string, encoding: 'gzip' | 'br' | null): string {
  return `"${tag}${encoding ? `-${encoding}` : ''}"`
}

/**
 * Whether If-None-Match names this body in any coding (RFC 9110 §13.1.2 compares weakly: W/ and
 * the coding suffix do not matter, the bytes they stand for do). `*` matches any current page.
 */
export function noneMatchHits(header: string | undefined, tag: string): boolean {
  if (!header) return false
  return header.split(',').some((entry) => {
    const value = entry.trim().replace(/^W\//, '')
    if (value === '*') return true
    const inner = value.replace(/^"|"$/g, '')
    return inner === tag || inner === `${tag}-gzip` || inner === `${tag}-br`
  })
}

/** The key of the page (and of a redirect) at a path: what the database names when a redirect from it changes. */
export function pathKey(pathname: string): string {
  const page = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length).replace(/\/_root$/, '') || '/' : pathname
  return `path:${createHash('md5').update(normalizePath(page)).digest('hex')}`
}

/** The headers naming a page's content, for Varnish and Fastly (spaces) and Cloudflare (commas). */
export function surrogateHeaders(keys: readonly string[]): [string, string][] {
  return [
    ['Surrogate-Key', keys.join(' ')],
    ['Cache-Tag', keys.join(',')],
  ]
}
