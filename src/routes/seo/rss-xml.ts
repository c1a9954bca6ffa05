import { getFeedPosts } from '~/features/feeds/api/feeds'
import { rssFeed } from '~/features/feeds/rss-feed'
import { requestSiteSettings } from '~/features/settings/api/site-settings.server'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import { siteUrl } from '~/lib/site-url.server'
import type { Route } from './+types/rss-xml'

// The same file for every visitor: the web server may share one render for a moment.
export const handle: ServerHints = { sharedRender: true }

export async function loader(args: Route.LoaderArgs) {
  const [settings, posts] = await Promise.all([requestSiteSettings(args.context), getFeedPosts(requestDb(args.context))])
  // RSS requires a channel description: the tagline (its default when an editor emptied it).
  const body = rssFeed({ origin: siteUrl(args), title: settings.company_name, description: settings.company_tagline }, posts)
  return new Response(body, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      // Feed readers poll it; a new post must show up on their next poll.
      'Cache-Control': 'no-cache',
    },
  })
}
