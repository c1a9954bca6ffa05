// The site's public origin, for every absolute URL the site hands out: canonical links, open-graph
// URLs, the sitemap, the RSS feed and robots.txt. One configured value (SITE_URL) so that what
// crawlers and feed readers store never depends on the Host header a client chose.

/** Parses SITE_URL: an http(s) origin, optionally with a trailing slash, nothing else. */
export function parseSiteUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw new Error(`SITE_URL must be an absolute http(s) URL such as https://www.example.com, not "${value}"`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`SITE_URL must use http or https, not "${url.protocol}"`)
  }
  // The app is served at the root of its host: a path, query or fragment would be silently dropped.
  if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`SITE_URL must be an origin only (scheme, host and port), not "${value}"`)
  }
  return url.origin
}

/**
 * The origin absolute URLs start with, without a trailing slash: SITE_URL when it is set (set it in
 * production); otherwise the origin the request came to (right for `npm run dev` and local use);
 * otherwise http://localhost:PORT.
 */
export function siteUrl(request?: Request): string {
  const configured = process.env.SITE_URL?.trim()
  if (configured) return parseSiteUrl(configured)
  if (request) return new URL(request.url).origin
  return `http://localhost:${process.env.PORT || '3000'}`
}

/** An absolute URL on this site for a path that starts with '/'. */
export function absoluteUrl(path: string, request?: Request): string {
  return `${siteUrl(request)}${path.startsWith('/') ? path : `/${path}`}`
}

/** The same origin under the name the public site's loaders use (root and post pages). */
export function siteOrigin(request: Request): string {
  return siteUrl(request)
}
