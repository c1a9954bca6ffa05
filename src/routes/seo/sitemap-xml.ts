import { getSitemapContent } from '~/features/feeds/api/feeds'
import { sitemapEntries } from '~/features/feeds/sitemap-entries'
import { buildSitemap } from '~/features/feeds/xml/build-sitemap'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import { siteUrl } from '~/lib/site-url.server'
import type { Route } from './+types/sitemap-xml'

// The same file for every visitor: the web server may share one render for a moment.
export const handle: ServerHints = { sharedRender: true }

export async function loader(args: Route.LoaderArgs) {
  const content = await getSitemapContent(requestDb(args.context))
  return new Response(buildSitemap(sitemapEntries(siteUrl(args), content)), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Crawlers come back for it after a publish: always ask the server again.
      'Cache-Control': 'no-cache',
    },
  })
}
