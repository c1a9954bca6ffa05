// A short-lived cache of rendered anonymous pages (HTML and React Router's .data answers), shared
// by every visitor. The embedded database runs one query at a time, so during a burst the site
// renders each URL at most once per TTL and everybody else gets that render: the database sees a
// few queries per second, not one per visitor. When a page has expired, the request that notices
// renders it again; requests arriving meanwhile get the previous render (at most a TTL plus one
// render old) instead of queueing behind it, and without a previous render they wait for it.
//
// A cached page still gets a fresh CSP nonce per response: the render is made with a random token
// as its nonce, and each response puts its own nonce where the token was (see nonce-page.ts).
import type { NoncePage } from './nonce-page.ts'

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
}

const MAX_ENTRIES = 1000

export class PageCache {
  private readonly entries = new Map<string, Entry>()
  private readonly running = new Map<string, Promise<RenderedPage>>()

  constructor(private readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0
  }

  /** The cached render of `key`, or a new one (shared with concurrent callers). */
  async get(key: string, render: () => Promise<RenderedPage>): Promise<RenderedPage> {
    const now = Date.now()
    const hit = this.entries.get(key)
    if (hit && hit.expires > now) return hit.page
    const pending = this.running.get(key)
    if (pending) return hit ? hit.page : pending
    const started = render().then(
      (page) => {
        this.running.delete(key)
        // Server errors are not kept (nor served again): the next visitor tries again.
        if (page.status < 500) this.store(key, page)
        else this.entries.delete(key)
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

  private store(key: string, page: RenderedPage): void {
    const now = Date.now()
    if (this.entries.size >= MAX_ENTRIES) {
      for (const [k, entry] of this.entries) if (entry.expires <= now) this.entries.delete(k)
      // Still full of live entries (a flood of distinct URLs): drop the oldest.
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string)
    }
    this.entries.delete(key)
    this.entries.set(key, { page, expires: now + this.ttlMs })
  }
}
