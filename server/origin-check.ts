// The site's origin, and whether a post comes from it. Every absolute URL the app renders starts
// with SITE_URL's origin, so a post's Origin header is compared with exactly that origin: behind a
// proxy that terminates TLS the browser says `https://site` while this server's own connection is
// plain HTTP. Without SITE_URL the origin is the request's own: its Host, and its scheme as a
// trusted proxy says (X-Forwarded-Proto, believed only with TRUST_PROXY) or the connection's.
// A page that sends no referrer (Referrer-Policy: no-referrer) makes its browser send
// `Origin: null` with its own forms; the browser's Sec-Fetch-Site, which no page can set, then says
// whether the post is the site's own.

/** The origin the site renders for, and the hosts it answers to as itself. */
export interface SiteAddress {
  origin: string
  hosts: Set<string>
  /** The origin came from SITE_URL (not guessed from this server's port). */
  configured: boolean
}

/** SITE_URL's origin and host, or this server's loopback names on `port`. */
export function siteAddress(configured: string | undefined, port: number): SiteAddress {
  if (configured) {
    const url = new URL(configured)
    return { origin: url.origin, hosts: new Set([url.host]), configured: true }
  }
  return {
    origin: `http://localhost:${port}`,
    hosts: new Set([`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]),
    configured: false,
  }
}

/**
 * The scheme the visitor's browser used: what the nearest trusted proxy says in X-Forwarded-Proto
 * (its last entry, as each proxy appends), or the connection's own.
 */
export function requestScheme(url: URL, forwardedProto: string | undefined, trustedHops: number): 'http' | 'https' {
  if (trustedHops > 0 && forwardedProto) {
    const said = forwardedProto.split(',').at(-1)?.trim().toLowerCase()
    if (said === 'https' || said === 'http') return said
  }
  return url.protocol === 'https:' ? 'https' : 'http'
}

/** The request's own origin as the visitor's browser named it. */
export function requestOrigin(url: URL, forwardedProto: string | undefined, trustedHops: number): string {
  return `${requestScheme(url, forwardedProto, trustedHops)}://${url.host}`
}

/**
 * The origin a post must carry to be the site's own: SITE_URL's, or without it the request's own.
 */
export function expectedOrigin(site: SiteAddress, ownOrigin: string): string {
  return site.configured ? site.origin : ownOrigin
}

/**
 * Whether a post comes from the site's own pages. One without an Origin header (an older browser, a
 * mail client's one-click unsubscribe) is not a cross-site form, and passes.
 */
export function isFromSite(origin: string | undefined, secFetchSite: string | undefined, ownOrigin: string): boolean {
  return origin === undefined || origin === ownOrigin || (origin === 'null' && secFetchSite === 'same-origin')
}
