// The site's public origin, for every absolute URL the site hands out: canonical links, open-graph
// URLs, the sitemap, the RSS feed and robots.txt. One value fixed before any request (SITE_URL, or
// the production web server's own http://localhost:PORT, handed over in the request context), so
// what visitors, crawlers and feed readers see never depends on the Host header a client chose.
import { createContext, type RouterContextProvider } from 'react-router'

/** The origin the production web server fixed at start (server/envelope.ts); unset under `vite dev` and tests. */
export const siteOriginContext = createContext<string | null>(null)

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

/** What a loader knows of its request. */
export interface RequestArgs {
  request: Request
  context: Readonly<RouterContextProvider>
}

/**
 * The origin absolute URLs start with, without a trailing slash: the web server's fixed origin;
 * without that server, SITE_URL when it is set, then the origin the request came to (`npm run dev`
 * on one machine), then http://localhost:PORT.
 */
export function siteUrl(args?: RequestArgs): string {
  const fixed = args?.context.get(siteOriginContext)
  if (fixed) return fixed
  const configured = process.env.SITE_URL?.trim()
  if (configured) return parseSiteUrl(configured)
  if (args) return new URL(args.request.url).origin
  return `http://localhost:${process.env.PORT || '3000'}`
}

/** An absolute URL on this site for a path that starts with '/'. */
export function absoluteUrl(path: string, args?: RequestArgs): string {
  return `${siteUrl(args)}${path.startsWith('/') ? path : `/${path}`}`
}
