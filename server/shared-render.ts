// What a shared render depends on, and so its key: the path (or, for a route whose page is the same
// on every path, such as not-found, the route itself) and only the query parameters its routes read
// (src/lib/server-hints.ts), each parameter's first non-empty value, trimmed, sorted by name.
// Tracking parameters (utm_*, fbclid, gclid, mc_eid) and anything a crawler invents leave the key,
// and the render, unchanged. Distinct parameterised renders (searches) are also limited, per client
// per minute and for the whole site per second; a declined one is the page without its
// parameters, saying that the search was declined.
import type { RouteMatch } from './route-match.ts'
import { now as clockNow } from './test-clock.ts'

// React Router's own parameter of a `.data` request: which routes' loaders to run.
const ROUTER_PARAMS = ['_routes']

export interface SharedRender {
  key: string
  /** The URL the render is made from: the request's, without what the page does not read. */
  url: URL
  /** Whether the route's own parameters are in it (a search, a preselection). */
  parameterised: boolean
  /** The render leaves out the route's own parameters, and tells the page it did. */
  searchDeclined: boolean
}

/**
 * The shared render of `url` as `match` reads it, made from the site's own `origin` whatever host
 * the request named: nothing of the request's host reaches the page.
 */
export function sharedRender(url: URL, match: Readonly<RouteMatch>, origin: string, { searchDeclined = false } = {}): SharedRender {
  const names = [...(searchDeclined ? [] : match.queryParams), ...(match.data ? ROUTER_PARAMS : [])].sort()
  const kept = new URLSearchParams()
  let parameterised = false
  for (const name of names) {
    const value = url.searchParams
      .getAll(name)
      .map((v) => v.trim())
      .find((v) => v !== '')
    if (value === undefined) continue
    kept.set(name, value)
    if (!ROUTER_PARAMS.includes(name)) parameterised = true
  }
  const query = kept.toString()
  // The path is set on the site's origin, never parsed against it: a path such as `//x/about` is
  // a path here, not another host's address, so the page rendered is the one the key names.
  const renderUrl = new URL(origin)
  renderUrl.pathname = url.pathname
  renderUrl.search = query
  const keyPath = match.samePageForEveryPath ? `route:${match.pattern}` : renderUrl.pathname
  return { key: keyPath + renderUrl.search + (searchDeclined ? '#search-declined' : ''), url: renderUrl, parameterised, searchDeclined }
}

/** How many distinct parameterised renders each client may cause per window (a minute, a second). */
export class RenderQuota {
  // In order of each client's window starting, oldest first, so finished windows are dropped from the front.
  private readonly clients = new Map<string, { since: number; count: number }>()

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one render for `client`; false when its window's quota is spent. */
  take(client: string): boolean {
    const now = clockNow()
    for (const [name, entry] of this.clients) {
      if (now - entry.since < this.windowMs) break
      this.clients.delete(name)
    }
    let entry = this.clients.get(client)
    if (!entry) {
      entry = { since: now, count: 0 }
      this.clients.set(client, entry)
    }
    if (entry.count >= this.perWindow) return false
    entry.count += 1
    return true
  }

  /** How long until `client` may cause a render again (0 when it may now). */
  waitMs(client: string): number {
    const entry = this.clients.get(client)
    if (!entry || entry.count < this.perWindow) return 0
    return Math.max(0, entry.since + this.windowMs - clockNow())
  }
}

/** What a search (a parameterised render not in the cache) must fit in: its client's quota a minute and the site's a second. */
export class SearchQuotas {
  private readonly perClient: RenderQuota
  // Searches from many clients at once would take the CPU and the database from every cached page.
  private readonly forSite: RenderQuota

  constructor(perClientPerMinute: number, perSecond: number) {
    this.perClient = new RenderQuota(perClientPerMinute, 60_000)
    this.forSite = new RenderQuota(perSecond, 1000)
  }

  /** Counts one search for `client`; false when its quota or the site's is spent. */
  take(client: string): boolean {
    return this.perClient.take(client) && this.forSite.take('site')
  }
}
