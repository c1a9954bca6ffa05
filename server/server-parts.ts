// Everything the web server's sub-apps share or keep between requests, built once at start from
// the settings: the page cache with the purge feed that empties it and the last good pages behind
// it, the render and search budgets, the upload slots, the redirect table, the route table and the
// app's renderer. app.ts composes the sub-apps from these.
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import { createServiceClient } from '../src/lib/supabase.server.ts'
import { AppRenderer } from './app-renderer.ts'
import type { ServerConfig } from './config.ts'
import { LastGoodPages } from './last-good-pages.ts'
import { pageCacheLookups, watchPageCache } from './metrics.ts'
import { PageCache } from './page-cache.ts'
import { followPurges } from './purge-feed.ts'
import { RedirectTable } from './redirects.ts'
import { RenderBudget } from './render-budget.ts'
import { RouteMatcher } from './route-match.ts'
import type { SecurityOptions } from './security-headers.ts'
import { SharedPages, type SharedPage } from './shared-pages.ts'
import { SearchQuotas } from './shared-render.ts'
import type { StaticFiles } from './static-files.ts'
import { UploadSlots } from './upload-slots.ts'

export interface SiteOptions {
  build: ServerBuild
  /** The built browser files, loaded before the server listens (StaticFiles.load). */
  files: StaticFiles
  config: ServerConfig
}

export interface ServerParts {
  config: ServerConfig
  security: SecurityOptions
  files: StaticFiles
  routes: RouteMatcher
  redirects: RedirectTable
  renderer: AppRenderer
  cache: PageCache<SharedPage>
  sharedPages: SharedPages
  searches: SearchQuotas
  uploads: UploadSlots
}

const UPLOADS_AT_ONCE = 4
const UPLOADS_AT_ONCE_PER_CLIENT = 2

/** Builds the parts and starts what runs beside the requests (redirect refreshes, the purge feed). */
export function createServerParts({ build, files, config }: SiteOptions): ServerParts {
  const security: SecurityOptions = {
    // Proxied: the browser only ever talks to this origin. Hosted: exactly the project's origin.
    supabaseOrigin: config.SUPABASE_PROXY ? undefined : new URL(config.SUPABASE_URL).origin,
    https: config.SITE_URL?.startsWith('https:') ?? false,
  }
  const redirects = new RedirectTable(config.SUPABASE_URL, config.SUPABASE_PUBLISHABLE_KEY)
  redirects.start()
  return {
    config,
    security,
    files,
    routes: new RouteMatcher(build),
    redirects,
    renderer: new AppRenderer(build),
    ...sharedPagesFor(config, security),
    searches: new SearchQuotas(config.SEARCHES_PER_MINUTE, config.SEARCHES_PER_SECOND),
    uploads: new UploadSlots(UPLOADS_AT_ONCE, UPLOADS_AT_ONCE_PER_CLIENT),
  }
}

/** The page cache, following the database's purges when it can, and the shared pages served from it. */
function sharedPagesFor(config: ServerConfig, security: SecurityOptions): Pick<ServerParts, 'cache' | 'sharedPages'> {
  // With the secret key this process follows the database's purges, so pages live as long here as
  // in the caches in front; without it, a second (PAGE_CACHE_MS) is as stale as a page may be.
  const purged = config.SUPABASE_SECRET_KEY !== undefined && config.PAGE_CACHE_MS > 0
  const cache = new PageCache<SharedPage>({
    ttlMs: purged ? Math.max(config.PAGE_EDGE_SECONDS * 1000, config.PAGE_CACHE_MS) : config.PAGE_CACHE_MS,
    maxBytes: config.PAGE_CACHE_BYTES,
    observe: (outcome) => pageCacheLookups.inc({ outcome }),
  })
  watchPageCache(() => ({ bytes: cache.storedBytes, entries: cache.size }))
  if (purged) followPurges(createServiceClient(config.SUPABASE_URL, config.SUPABASE_SECRET_KEY!, 'purge-feed'), (scope) => cache.purge(scope))
  const lastGood = new LastGoodPages(config.PAGE_STORE_DIR ?? path.join(config.DATA_DIR, 'pages'), config.PAGE_CACHE_BYTES)
  lastGood.open().catch((error: unknown) => console.error(`web server: last good pages are kept in memory only: ${(error as Error).message}`))
  const sharedPages = new SharedPages({
    cache,
    lastGood,
    budget: new RenderBudget({ perClientPerMinute: config.MISS_RENDERS_PER_MINUTE, perSecond: config.MISS_RENDERS_PER_SECOND, atOnce: config.RENDERS_AT_ONCE }),
    policy: {
      edgeSeconds: config.PAGE_EDGE_SECONDS,
      staleWhileRevalidateSeconds: config.PAGE_STALE_WHILE_REVALIDATE_SECONDS,
      staleIfErrorSeconds: config.PAGE_STALE_IF_ERROR_SECONDS,
    },
    purged,
    security,
    unpurgeableTtlMs: config.PAGE_CACHE_MS,
  })
  return { cache, sharedPages }
}
