// The redirects of the site (table public.redirects): old post and solution addresses, and staff's
// own. The web server applies them before rendering from a copy in memory, read again every second,
// so a new redirect works within a second and a request costs no database read. When a refresh
// fails the last copy stays in use.
import { isSitePath } from '../src/lib/safe-url.ts'
import { choreHeaders } from '../src/lib/supabase.server.ts'

export interface Redirect {
  to: string
  status: 301 | 302
}

interface RedirectRow {
  from_path: string
  to_path: string
  status_code: number
}

/** A path as the router matches it (and as the table stores it): lower case, no trailing slash. */
export function normalizePath(pathname: string): string {
  let path = pathname
  try {
    path = decodeURI(pathname)
  } catch {
    // A malformed escape is matched as it came.
  }
  path = path.toLowerCase()
  return path.length > 1 ? path.replace(/\/+$/, '') || '/' : path
}

/** What a Location header carries as it is: printable ASCII, no space. */
const LOCATION = /^[\x21-\x7e]+$/

export class RedirectTable {
  private table = new Map<string, Redirect>()
  private timer: NodeJS.Timeout | undefined
  private failing = false
  private readonly leftOut = new Set<string>()
  private readonly url: URL

  constructor(
    supabaseUrl: string,
    private readonly anonKey: string,
    private readonly intervalMs = 1000,
  ) {
    this.url = new URL('/rest/v1/redirects?select=from_path,to_path,status_code', supabaseUrl)
  }

  /** Reads the table now and then every interval (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return
    void this.refresh()
    this.timer = setInterval(() => void this.refresh(), this.intervalMs)
    this.timer.unref()
  }

  stop(): void {
    clearInterval(this.timer)
    this.timer = undefined
  }

  /** The redirect for a request path, if there is one. */
  lookup(pathname: string): Redirect | undefined {
    return this.table.size === 0 ? undefined : this.table.get(normalizePath(pathname))
  }

  /**
   * A target goes into a Location header: printable ASCII only (the database stores nothing else; a
   * row from before that rule is left out, and said once, rather than answering 500 on every visit).
   */
  private usable(row: RedirectRow): boolean {
    if (LOCATION.test(row.to_path)) return true
    if (!this.leftOut.has(row.from_path))
      console.error(`web server: the redirect from ${JSON.stringify(row.from_path)} is left out: its target is not printable ASCII`)
    this.leftOut.add(row.from_path)
    return false
  }

  async refresh(): Promise<void> {
    try {
      const answer = await fetch(this.url, {
        headers: { apikey: this.anonKey, authorization: `Bearer ${this.anonKey}`, ...choreHeaders('redirects') },
        signal: AbortSignal.timeout(Math.max(this.intervalMs * 3, 3000)),
      })
      if (!answer.ok) throw new Error(`Supabase answered ${answer.status}`)
      const rows = ((await answer.json()) as RedirectRow[]).filter((row) => this.usable(row))
      this.table = new Map(rows.map((row) => [row.from_path, { to: row.to_path, status: row.status_code === 302 ? 302 : 301 }]))
      if (this.failing) console.log('web server: redirects are read again')
      this.failing = false
    } catch (error) {
      // Said once per outage, not every second.
      if (!this.failing) console.error('web server: could not read the redirects; the last copy stays in use:', (error as Error).message)
      this.failing = true
    }
  }
}

/**
 * The answer for a redirected request: its target, with the request's query when the target has none.
 * A browser carries the address's fragment (#…) over to a Location that has none; one that leaves
 * the site gets an empty fragment of its own, so whatever the fragment held (a sign-in link's
 * tokens) never reaches another site.
 */
export function redirectResponse(redirect: Redirect, search: string): Response {
  let location = redirect.to.includes('?') ? redirect.to : redirect.to + search
  if (!isSitePath(location) && !location.includes('#')) location += '#'
  return new Response(null, { status: redirect.status, headers: { Location: location } })
}
