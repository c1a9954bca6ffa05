// The web server's own cache of rendered anonymous pages (HTML and React Router's .data answers),
// shared by every visitor. The embedded database runs one query at a time, so during a burst the
// site renders each URL at most once per lifetime and everybody else gets that render. When a page
// has expired, the request that notices renders it again; requests arriving meanwhile get the
// previous render (at most a lifetime plus one render old) instead of queueing behind it, and
// without a previous render they wait for it.
//
// Each page carries the surrogate keys of the content it shows; a purge naming one of them (the
// database's purge feed, purge-feed.ts) drops the page at once, and a render that was under way
// when the purge came is served to those waiting for it but kept by nobody: it may have read the
// content from before the change. So the lifetime can be long (PAGE_EDGE_SECONDS) when purges
// arrive, and is PAGE_CACHE_MS (a second) when they cannot.
//
// It holds at most PAGE_CACHE_BYTES of pages: past that, the least recently used go first, and a
// page nobody asked for again is let go soon after it expires, so a flood of distinct URLs cannot
// keep memory. What a page's key is (which query parameters count) is shared-render.ts's decision.
import { now as clockNow } from './test-clock.ts'

/** What the cache needs to know of a page. */
export interface CachedPage {
  status: number
  /** Uncompressed size in bytes. */
  size: number
  /** Surrogate keys of the content it shows: a purge naming one drops it. */
  keys: readonly string[]
  /** How long it is kept, when not the cache's own lifetime (a fallback page, a page no purge can reach). */
  ttlMs?: number
  /** Set by the cache: a purge of its content came while it was rendered, so it is kept by nobody. */
  superseded?: boolean
}

interface Entry<Page> {
  page: Page
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

/** What a purge names: some keys, or everything (a reader that fell too far behind). */
export type PurgeScope = ReadonlySet<string> | 'all'

// What an entry costs beyond its body: the key, headers and bookkeeping.
const ENTRY_OVERHEAD_BYTES = 512
// Purges remembered for renders still under way; a render takes seconds at most.
const RECENT_PURGES_MS = 60_000

const touches = (scope: PurgeScope, keys: readonly string[]) => scope === 'all' || keys.some((key) => scope.has(key))

export class PageCache<Page extends CachedPage> {
  // In order of last use, least recent first (a Map keeps insertion order; a hit moves to the end).
  private readonly entries = new Map<string, Entry<Page>>()
  private readonly running = new Map<string, Promise<Page>>()
  private readonly purges: { generation: number; at: number; scope: PurgeScope }[] = []
  private generation = 0
  private bytes = 0
  private readonly ttlMs: number
  private readonly maxBytes: number
  private readonly observe: (outcome: LookupOutcome) => void

  constructor({ ttlMs, maxBytes, observe }: PageCacheOptions) {
    this.ttlMs = ttlMs
    this.maxBytes = maxBytes
    this.observe = observe ?? (() => undefined)
    // Pages nobody asks for again are let go within two lifetimes, not only when the budget is reached.
    if (ttlMs > 0) setInterval(() => this.sweep(), Math.min(ttlMs, 10_000)).unref()
  }

  get enabled(): boolean {
    return this.ttlMs > 0
  }

  /** How long a page is shared unless it says otherwise. */
  get lifetimeMs(): number {
    return this.ttlMs
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

  /** Whether `key` has a fresh render: asking for it now costs nothing at all. */
  hasFresh(key: string): boolean {
    const entry = this.entries.get(key)
    return entry !== undefined && entry.expires > clockNow()
  }

  /** The cached render of `key`, or a new one (shared with concurrent callers). */
  async get(key: string, render: () => Promise<Page>): Promise<Page> {
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
    const startedAt = this.generation
    const started = render().then(
      (page) => {
        this.running.delete(key)
        if (this.purgedSince(startedAt, page.keys)) {
          page.superseded = true
          this.remove(key)
        } else if (page.status < 500) this.store(key, page)
        // Server errors are not kept (nor served again): the next visitor tries again.
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

  /** Drops every page that shows content a key of `scope` names (or every page, for 'all'). */
  purge(scope: PurgeScope): number {
    const at = clockNow()
    this.generation += 1
    this.purges.push({ generation: this.generation, at, scope })
    while (this.purges.length > 0 && this.purges[0].at < at - RECENT_PURGES_MS) this.purges.shift()
    let dropped = 0
    for (const [key, entry] of this.entries) {
      if (touches(scope, entry.page.keys)) {
        this.remove(key)
        dropped += 1
      }
    }
    return dropped
  }

  private purgedSince(generation: number, keys: readonly string[]): boolean {
    if (generation === this.generation) return false
    return this.purges.some((purge) => purge.generation > generation && touches(purge.scope, keys))
  }

  private remove(key: string): void {
    const entry = this.entries.get(key)
    if (!entry) return
    this.entries.delete(key)
    this.bytes -= entry.bytes
  }

  private store(key: string, page: Page): void {
    this.remove(key)
    const bytes = page.size + key.length + ENTRY_OVERHEAD_BYTES
    // A page larger than the whole budget is served but not kept.
    if (bytes > this.maxBytes) return
    this.entries.set(key, { page, expires: clockNow() + (page.ttlMs ?? this.ttlMs), bytes })
    this.bytes += bytes
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break
      this.remove(oldest)
    }
  }

  /** Drops renders expired for more than a lifetime (one just expired still serves while it is renewed). */
  private sweep(): void {
    const now = clockNow()
    for (const [key, entry] of this.entries) if (entry.expires + (entry.page.ttlMs ?? this.ttlMs) <= now) this.remove(key)
  }
}
