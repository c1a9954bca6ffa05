import { buildRobots } from '~/features/feeds/xml/build-robots'
import { absoluteUrl } from '~/lib/site-url.server'
import type { Route } from './+types/robots-txt'

export function loader({ request }: Route.LoaderArgs) {
  return new Response(buildRobots(absoluteUrl('/sitemap.xml', request)), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
