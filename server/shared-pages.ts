// How an anonymous read of a public route is answered: from the page cache, or by one render shared
// by everybody who asks meanwhile (page-cache.ts), within the render budget (render-budget.ts).
//
// A shared render is the same for every visitor, so it is made without a CSP nonce: its inline
// scripts are allowed by their hashes, and the page (header and all) can be kept by any cache in
// front. What it read decides what it says to those caches (edge-cache.ts): the surrogate keys of
// its content, so the database's purges reach it; a page that read something no key names, or
// whose reads failed, is kept by no cache in front.
//
// When the reads of a render fail (the database or the API is down), the visitor gets the last
// good render of the page instead (last-good-pages.ts), kept a few seconds so the server tries the
// database again at most that often per page; only a page never rendered well is sent with the
// defaults its loaders fell back to.
import type { RenderRecord } from '../src/lib/render-record.ts'
import { chooseEncoding, compressBuffer, isCompressible, type Encoding } from './compression.ts'
import { bodyTag, EDGE_STATUSES, etag, noneMatchHits, pathKey, sharedCacheControl, surrogateHeaders, type EdgePolicy } from './edge-cache.ts'
import type { LastGoodPages, StoredPage } from './last-good-pages.ts'
import { renderRefusals } from './metrics.ts'
import { textAnswer } from './plain-answers.ts'
import type { CachedPage, PageCache } from './page-cache.ts'
import { RenderQueueFull, type Refusal, type RenderBudget } from './render-budget.ts'
import { contentSecurityPolicy, type SecurityOptions } from './security-headers.ts'
import type { SharedRender } from './shared-render.ts'

export interface SharedPage extends CachedPage {
  headers: [string, string][]
  body: Buffer
  /** The body's tag, for its ETag. */
  tag: string
  /** Caches in front may keep it: everything it read has a surrogate key, and every read answered. */
  shareable: boolean
  /** The last good render, sent because this render's reads failed. */
  fallback: boolean
  /** Its compressed forms, each made once, when first asked for. */
  encoded: Partial<Record<'gzip' | 'br', Buffer>>
}

export interface SharedPagesOptions {
  cache: PageCache<SharedPage>
  lastGood: LastGoodPages | null
  budget: RenderBudget
  policy: EdgePolicy
  /** Whether the database's purges reach this server: then caches in front keep pages for policy.edgeSeconds. */
  purged: boolean
  security: SecurityOptions
  /** How long a page no purge can reach is shared here (PAGE_CACHE_MS). */
  unpurgeableTtlMs: number
}

/** Renders the request (on the site's origin) with a record for the render to fill in. */
export type RenderWithRecord = (request: Request, record: RenderRecord) => Promise<Response>

// How long a fallback (or a render whose reads failed) is served before the database is tried again.
const RETRY_BACKEND_MS = 5000

function refusalResponse({ status, retryAfterSeconds }: Refusal): Response {
  renderRefusals.inc({ status })
  const text = status === 429 ? 'Too many new pages asked for at once: please try again in a moment.' : 'Busy: please try again in a moment.'
  return textAnswer(text, status, { 'Retry-After': String(retryAfterSeconds), 'Cache-Control': 'no-store' })
}

export class SharedPages {
  private readonly unkeyedNoted = new Set<string>()

  constructor(private readonly options: SharedPagesOptions) {}

  /** The answer to an anonymous GET or HEAD of `shared`, asked by `client`. */
  async respond(request: Request, shared: SharedRender, client: string, render: RenderWithRecord): Promise<Response> {
    const { cache, budget } = this.options
    // A page cached, or being rendered for someone else, costs no render: only misses are budgeted.
    if (!cache.has(shared.key)) {
      const refusal = budget.admit(client)
      if (refusal) return refusalResponse(refusal)
    }
    let page: SharedPage
    try {
      page = await cache.get(shared.key, () => budget.run(() => this.render(request, shared, render)))
    } catch (error) {
      if (error instanceof RenderQueueFull) return refusalResponse({ status: 503, retryAfterSeconds: 1 })
      throw error
    }
    return this.answer(request, page)
  }

  private async render(request: Request, shared: SharedRender, render: RenderWithRecord): Promise<SharedPage> {
    const { cache, lastGood, security } = this.options
    const record: RenderRecord = { keys: new Set(), unkeyedReads: new Set(), failedReads: 0, pendingReads: 0, scriptHashes: [] }
    // A request of its own, so one visitor going away does not abort the render others wait for.
    // Always rendered as a GET, so a HEAD can be answered from it too; always for the site's host.
    const headers = new Headers(request.headers)
    headers.set('host', shared.url.host)
    const response = await render(new Request(shared.url, { headers }), record)
    const body = Buffer.from(await response.arrayBuffer())
    const failed = record.failedReads > 0 || record.pendingReads > 0
    if (failed) {
      const good = await lastGood?.get(shared.key)
      if (good) return this.fromStored(good)
    }
    const unkeyed = record.unkeyedReads.size > 0
    if (unkeyed) this.noteUnkeyed(shared.url.pathname, record.unkeyedReads)
    const shareable = !failed && !unkeyed && EDGE_STATUSES.has(response.status) && !response.headers.has('set-cookie')
    const pageHeaders: [string, string][] = []
    response.headers.forEach((value, name) => {
      if (name !== 'content-length') pageHeaders.push([name, value])
    })
    // Every visitor gets the same policy with the same page (no nonce), whatever kind of answer it is.
    pageHeaders.push(['content-security-policy', contentSecurityPolicy({ hashes: record.scriptHashes }, security)])
    const page: SharedPage = {
      status: response.status,
      headers: pageHeaders,
      body,
      size: body.length,
      keys: [...record.keys].sort(),
      tag: bodyTag(body),
      shareable,
      fallback: false,
      encoded: {},
      ttlMs: failed ? RETRY_BACKEND_MS : shareable ? undefined : Math.min(this.options.unpurgeableTtlMs, cache.lifetimeMs),
    }
    if (shareable && page.status === 200 && !shared.parameterised && !shared.searchDeclined) lastGood?.save(shared.key, page)
    return page
  }

  private fromStored(stored: StoredPage): SharedPage {
    return { ...stored, size: stored.body.length, shareable: false, fallback: true, encoded: {}, ttlMs: RETRY_BACKEND_MS }
  }

  private answer(request: Request, page: SharedPage): Response {
    const { policy, purged, cache } = this.options
    const headers = new Headers(page.headers)
    const kept = page.shareable && !page.superseded
    if (kept) {
      headers.set('Cache-Control', sharedCacheControl(policy, purged ? policy.edgeSeconds : Math.ceil(cache.lifetimeMs / 1000)))
    } else if (page.fallback) {
      // The last good page: caches in front may keep serving it while the origin fails, and ask
      // again soon.
      headers.set('Cache-Control', `public, max-age=0, s-maxage=${RETRY_BACKEND_MS / 1000}, stale-if-error=${policy.staleIfErrorSeconds}`)
      headers.set('X-Page-Fallback', 'last-good')
    } else headers.set('Cache-Control', 'no-store')
    if (kept || page.fallback) {
      // The path's own key goes on per answer: a render of a page that is the same on every path
      // (not found) is shared by paths whose redirects differ.
      for (const [name, value] of surrogateHeaders([...page.keys, pathKey(new URL(request.url).pathname)])) headers.set(name, value)
    }
    const compressible = page.size >= 1024 && isCompressible(headers.get('Content-Type'))
    const encoding: Encoding = compressible ? chooseEncoding(request.headers.get('accept-encoding') ?? undefined) : null
    if (compressible) headers.set('Vary', 'Accept-Encoding')
    if (kept || page.fallback) {
      headers.set('ETag', etag(page.tag, encoding))
      if (noneMatchHits(request.headers.get('if-none-match') ?? undefined, page.tag)) {
        headers.delete('Content-Type')
        return new Response(null, { status: 304, headers })
      }
    }
    let body = page.body
    if (encoding) {
      body = page.encoded[encoding] ??= compressBuffer(page.body, encoding)
      headers.set('Content-Encoding', encoding)
    }
    headers.set('Content-Length', String(body.length))
    if (request.method === 'HEAD') return new Response(null, { status: page.status, headers })
    return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), { status: page.status, headers })
  }

  /** Says once per route path that a page read what no surrogate key names, so it is not shared past this server. */
  private noteUnkeyed(pathname: string, reads: ReadonlySet<string>): void {
    const paths = [...reads].sort().join(', ')
    if (this.unkeyedNoted.has(paths)) return
    this.unkeyedNoted.add(paths)
    console.warn(
      `web server: ${pathname} read ${paths}, which no surrogate key names (src/lib/surrogate-keys.ts), so caches in front do not keep it. Said once.`,
    )
  }
}
