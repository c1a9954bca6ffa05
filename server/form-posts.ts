// Every method but GET and HEAD (pages.ts answers those first): the site's forms (contact,
// newsletter, job applications) and the back office's actions. Before React Router sees a post it
// must come from the site's own origin (origin-check.ts), and its body must arrive within its
// route's limit and deadline (request-body.ts), an upload only in a free slot (upload-slots.ts).
// React Router is then handed the post re-made on the site's origin with the body as read.
import { Hono } from 'hono'
import { isProxiedPath } from './api-proxy.ts'
import type { AppRenderer } from './app-renderer.ts'
import { loggedPath } from './log.ts'
import { expectedOrigin, isFromSite, requestOrigin } from './origin-check.ts'
import { clientWentAway, textAnswer } from './plain-answers.ts'
import { refuse } from './refusals.ts'
import { readPostBody } from './request-body.ts'
import type { RouteMatcher } from './route-match.ts'
import { clientOf, type SiteContext, type SiteEnv } from './site-env.ts'
import type { UploadSlots } from './upload-slots.ts'

export interface FormPostParts {
  routes: RouteMatcher
  renderer: AppRenderer
  /** Where posts to a route that takes files wait their turn. */
  uploads: UploadSlots
  /** TRUST_PROXY: how many proxies' X-Forwarded-Proto is believed. */
  trustProxy: number
}

// A body for a route that names no limit of its own (routes say so in their handle); a route that
// takes more takes files, and its posts are uploads (upload-slots.ts).
const DEFAULT_MAX_BODY_BYTES = 64 * 1024

export function formPosts(parts: FormPostParts): Hono<SiteEnv> {
  const app = new Hono<SiteEnv>()
  app.all('*', (c) => answerPost(c, parts))
  return app
}

async function answerPost(c: SiteContext, parts: FormPostParts): Promise<Response> {
  const method = c.req.method
  const url = new URL(c.req.url)
  const pathname = url.pathname
  if (isProxiedPath(pathname)) return textAnswer('Not found', 404)
  const match = parts.routes.match(pathname)
  c.set('route', match ? match.pattern : 'unmatched')
  // A post from another site's page (React Router refuses it too; here it costs one log line).
  const origin = c.req.header('origin')
  const ownOrigin = expectedOrigin(c.get('site'), requestOrigin(url, c.req.header('x-forwarded-proto'), parts.trustProxy))
  if (!isFromSite(origin, c.req.header('sec-fetch-site'), ownOrigin)) {
    console.warn(`web server: refused a ${method} to ${loggedPath(pathname)} from another origin (${(origin ?? '').slice(0, 100)}, not ${ownOrigin})`)
    return textAnswer('Bad Request', 400)
  }
  const headers = new Headers(c.req.raw.headers)
  // A same-origin `null` said as the site's own origin, which React Router compares with the URL's.
  if (origin !== undefined) headers.set('origin', ownOrigin)
  const body = await readBody(c, { limit: match?.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, path: pathname }, parts.uploads)
  if (body instanceof Response) return body
  if (body) {
    headers.delete('transfer-encoding')
    headers.set('content-length', String(body.byteLength))
  }
  // On the site's origin whatever the connection's scheme (a proxy may have terminated TLS).
  const request = new Request(new URL(pathname + url.search, ownOrigin), { method, headers, body, signal: c.req.raw.signal })
  return parts.renderer.render(c, request, { nonce: c.get('nonce') })
}

/** The post's body, read within `limit`; none; or the answer that refuses it. */
async function readBody(
  c: SiteContext,
  { limit, path }: { limit: number; path: string },
  uploads: UploadSlots,
): Promise<Uint8Array<ArrayBuffer> | undefined | Response> {
  const raw = c.req.raw
  if (!raw.body) return undefined
  const upload = limit > DEFAULT_MAX_BODY_BYTES ? { slots: uploads, client: clientOf(c) } : undefined
  const read = await readPostBody(raw, limit, upload)
  if (read.kind === 'aborted') return clientWentAway()
  if (read.kind !== 'read') return refuse(read.kind, { method: raw.method, path: loggedPath(path), limit })
  return read.body
}
