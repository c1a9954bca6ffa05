import { getSitemapContent } from '~/features/feeds/api/get-sitemap-content'
import { sitemapEntries } from '~/features/feeds/sitemap-entries'
import { buildSitemap } from '~/features/feeds/xml/build-sitemap'
import { requestDb } from '~/lib/db.server'
import { siteUrl } from '~/lib/site-url.server'
import type { Route } from './+types/sitemap-xml'

export async function loader({ request, context }: Route.LoaderArgs) {
  const content = await getSitemapContent(requestDb(context))
  return new Response(buildSitemap(sitemapEntries(siteUrl(request), content)), {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      // Crawlers come back for it after a publish: always ask the server again.
      'Cache-Control': 'no-cache',
    },
  })
}
