// A short-lived cache of rendered anonymous pages (HTML and React Router's .data answers), shared
// by every visitor. The embedded database runs one query at a time, so during a burst the site
// renders each URL at most once per TTL and everybody else gets that render: the database sees a
// few queries per second, not one per visitor. When a page has expired, the request that notices
// renders it again; requests arriving meanwhile get the previous render (at most a TTL plus one
// render old) instead of queueing behind it, and without a previous render they wait for it.
//
// It holds at most PAGE_CACHE_BYTES of pages: past that, the least recently used go first, and a
// page nobody asked for again is let go soon after it expires, so a flood of distinct URLs cannot
// keep memory. What a page's key is (which query parameters count) is shared-render.ts's decision.
//
// A cached page still gets a fresh CSP nonce per response: the render is made with a random token
// as its nonce, and each response puts its own nonce where the token was (see nonce-page.ts).
import type { NoncePage } from './nonce-page.ts'
import { now as clockNow } from './test-clock.ts'

export interface RenderedPage {
  status: number
  headers: [string, string][]
  body: NoncePage
  /** Uncompressed size in bytes. */
  size: number
}

interface Entry {
  page: RenderedPage
  expires: number
  bytes: number
}

export interface PageCacheOptions {
  /** How long a render is shared (0 turns the cache off). */
  ttlMs: number
  /** The most page bytes kept at once; the least recently used go first. */
  maxBytes: number
  /** Told how each lookup was answered (for the metrics). */
  observe?: (outcome: LookupOutcome) => void
}

/** fresh render (hit), previous render while it is renewed (stale), a render under way (joined), a new one (miss). */
export type LookupOutcome = 'hit' | 'stale' | 'joined' | 'miss'

// What an entry costs beyond its body: the key, headers and bookkeeping.
const ENTRY_OVERHEAD_BYTES = 512

export class PageCache {
  // In order of last use, least recent first (a Map keeps insertion order; a hit moves to the end).
  private readonly entries = new Map<string, Entry>()
  private readonly running = new Map<string, Promise<RenderedPage>>()
  private bytes = 0
  private readonly ttlMs: number
  private readonly maxBytes: number
  private readonly observe: (outcome: LookupOutcome) => void

  constructor({ ttlMs, maxBytes, observe }: PageCacheOptions) {
    this.ttlMs = ttlMs
    this.maxBytes = maxBytes
    this.observe = observe ?? (() => undefined)
    // Pages nobody asks for again are let go within two TTLs, not only when the budget is reached.
    if (ttlMs > 0) setInterval(() => this.sweep(), ttlMs).unref()
  }

  get enabled(): boolean {
    return this.ttlMs > 0
  }

  /** Bytes held now (page bodies plus a fixed cost per entry). */
  get storedBytes(): number {
    return this.bytes
  }

  /** Pages held now. */
  get size(): number {
    return this.entries.size
  }

  /** Whether `key` has a render (fresh or being refreshed), so asking for it costs no new render. */
  has(key: string): boolean {
    return this.entries.has(key) || this.running.has(key)
  }

  /** The cached render of `key`, or a new one (shared with concurrent callers). */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const now = clockNow()
    const hit = this.entries.get(key)
    if (hit) {
      this.entries.delete(key)
      this.entries.set(key, hit)
      if (hit.expires > now) {
        this.observe('hit')
        return hit.page
      }
    }
    const pending = this.running.get(key)
    if (pending) {
      this.observe(hit ? 'stale' : 'joined')
      return hit ? hit.page : pending
    }
    // An expired page is renewed by this request; it still waits for the new render.
    this.observe('miss')
    const started = render().then(
      (page) => {
        this.running.delete(key)
        // Server errors are not kept (nor served again): the next visitor tries again.
        if (page.status < 500) this.store(key, page)
        else this.remove(key)
        return page
      },
      (error: unknown) => {
        this.running.delete(key)
        throw error
      },
    )
    this.running.set(key, started)
    return started
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }

  private store(key: string, page: RenderedPage): void {
    this.remove(key)
    const bytes = page.size + key.length + ENTRY_OVERHEAD_BYTES
    // A page larger than the whole budget is served but not kept.
    if (bytes > this.maxBytes) return
    this.entries.set(key, { page, expires: clockNow() + this.ttlMs, bytes })
    this.bytes += bytes
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(oldest)
    }
  }

  /** Drops renders expired for more than a TTL (one just expired still serves while it is renewed). */
  private sweep(): void {
    const cutoff = clockNow() - this.ttlMs
    for (const [key, entry] of this.entries) if (entry.expires <= cutoff) this.remove(key)
  }
}
