// GET and HEAD of everything but the operations and the proxied APIs: a built browser file
// (static-files.ts), a redirect of the site's (redirects.ts), or a page. An anonymous read of a
// route that every visitor sees alike is answered from the page cache, or by one render shared by
// all who ask meanwhile (shared-pages.ts); anything else is rendered for its visitor with the
// response's nonce.
//
// A request that names another host (a forged Host, a proxy that does not pass the site's on) gets
// the site's own shared render, made from a request on the site's origin, so it costs no render and
// no page ever carries the host it named. Only paths in their normal form get this far
// (path-normal-form.ts).
import { Hono } from 'hono'
import { isProxiedPath } from './api-proxy.ts'
import type { AppRenderer } from './app-renderer.ts'
import type { PageCache } from './page-cache.ts'
import { textAnswer } from './plain-answers.ts'
import { redirectResponse, type RedirectTable } from './redirects.ts'
import type { RouteMatch, RouteMatcher } from './route-match.ts'
import type { SharedPage, SharedPages } from './shared-pages.ts'
import { sharedRender, type SearchQuotas } from './shared-render.ts'
import { clientOf, type SiteContext, type SiteEnv } from './site-env.ts'
import type { StaticFiles } from './static-files.ts'

export interface PagesParts {
  files: StaticFiles
  redirects: RedirectTable
  routes: RouteMatcher
  renderer: AppRenderer
  cache: PageCache<SharedPage>
  sharedPages: SharedPages
  searches: SearchQuotas
}

export function pages(parts: PagesParts): Hono<SiteEnv> {
  const app = new Hono<SiteEnv>()
  const foreignHosts = new ForeignHostNote()
  // Hono answers a HEAD with its GET route's answer, without the body.
  app.get('*', (c) => answerRead(c, parts, foreignHosts))
  return app
}

async function answerRead(c: SiteContext, parts: PagesParts, foreignHosts: ForeignHostNote): Promise<Response> {
  const url = new URL(c.req.url)
  const pathname = url.pathname
  const file = staticFileAnswer(c, url, parts.files)
  if (file) return file
  if (isProxiedPath(pathname)) return textAnswer('Not found', 404)
  const redirect = parts.redirects.lookup(pathname)
  if (redirect) return redirectResponse(redirect, url.search)
  const match = parts.routes.match(pathname)
  c.set('route', match ? match.pattern : 'unmatched')
  foreignHosts.check(c, url)
  if (parts.cache.enabled && match?.sharedRender && !c.req.header('authorization')) return sharedPageAnswer(c, url, match, parts)
  return parts.renderer.render(c, c.req.raw, { nonce: c.get('nonce') })
}

/** A built browser file, or its real path's redirect, when the path names one; 404 for any other under /assets/. */
function staticFileAnswer(c: SiteContext, url: URL, files: StaticFiles): Response | undefined {
  const pathname = url.pathname
  const looksLikeFile = (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.data')) || pathname.startsWith('/assets/')
  if (!looksLikeFile) return undefined
  const found = files.lookup(pathname)
  c.set('route', 'static file')
  if (found && 'file' in found) {
    return files.respond(found.file, {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
      head: c.req.method === 'HEAD',
    })
  }
  if (found) return new Response(null, { status: 301, headers: { Location: found.redirect + url.search } })
  if (pathname.startsWith('/assets/')) return textAnswer('Not found', 404)
  return undefined
}

/** An anonymous page read: from the shared cache, or one render shared by all who ask meanwhile. */
function sharedPageAnswer(c: SiteContext, url: URL, match: Readonly<RouteMatch>, parts: PagesParts): Promise<Response> {
  const origin = c.get('site').origin
  let shared = sharedRender(url, match, origin)
  if (shared.parameterised && !parts.cache.has(shared.key) && !parts.searches.take(clientOf(c))) {
    shared = sharedRender(url, match, origin, { searchDeclined: true })
  }
  const { searchDeclined } = shared
  return parts.sharedPages.respond(c.req.raw, shared, clientOf(c), (request, record) =>
    parts.renderer.render(c, request, { nonce: '', searchDeclined, record }),
  )
}

/** Says once per process that requests name a host the site does not answer to as itself. */
class ForeignHostNote {
  private noted = false

  check(c: SiteContext, url: URL): void {
    if (this.noted) return
    const site = c.get('site')
    const host = (c.req.header('host') ?? '').toLowerCase()
    if (site.hosts.has(url.host) && site.hosts.has(host)) return
    this.noted = true
    const named = site.hosts.has(url.host) ? host : url.host
    console.warn(
      `web server: requests arrive for host ${JSON.stringify(named.slice(0, 100))}, not the site's own (${site.origin}); they get the site's pages as ${site.origin}. ` +
        `If that host is the site's public address, set SITE_URL to its origin; behind a proxy, have the proxy pass the Host header on. Said once.`,
    )
  }
}
