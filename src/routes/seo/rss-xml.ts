import { getFeedPosts } from '~/features/feeds/api/feeds'
import { rssFeed } from '~/features/feeds/rss-feed'
import { getSiteSettings } from '~/features/settings/api/site-settings'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import { siteUrl } from '~/lib/site-url.server'
import type { Route } from './+types/rss-xml'

// The same file for every visitor: the web server may share one render for a moment.
export const handle: ServerHints = { sharedRender: true }

export async function loader(args: Route.LoaderArgs) {
  const db = requestDb(args.context)
  const [settings, posts] = await Promise.all([getSiteSettings(db), getFeedPosts(db)])
  const title = settings.company_name || 'Blog'
  // RSS requires a channel description; the tagline is it unless an editor emptied it.
  const description = settings.company_tagline || `Articles from ${title}`
  const body = rssFeed({ origin: siteUrl(args), title, description }, posts)
  return new Response(body, {
    headers: {
      'Content-Type': 'application/rss+xml; charset=utf-8',
      // Feed readers poll it; a new post must show up on their next poll.
      'Cache-Control': 'no-cache',
    },
  })
}
