import { buildRobots } from '~/features/feeds/xml/build-robots'
import type { ServerHints } from '~/lib/server-hints'
import { absoluteUrl } from '~/lib/site-url.server'
import type { Route } from './+types/robots-txt'

// The same file for every visitor: the web server may share one render for a moment.
export const handle: ServerHints = { sharedRender: true }

export function loader(args: Route.LoaderArgs) {
  return new Response(buildRobots(absoluteUrl('/sitemap.xml', args)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
