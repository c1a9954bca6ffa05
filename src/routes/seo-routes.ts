import { route, type RouteConfigEntry } from '@react-router/dev/routes'

/** Files for crawlers and feed readers: sitemap, robots.txt, RSS. */
export const seoRoutes: RouteConfigEntry[] = [
  route('sitemap.xml', 'routes/seo/sitemap-xml.ts'),
  route('robots.txt', 'routes/seo/robots-txt.ts'),
  route('rss.xml', 'routes/seo/rss-xml.ts'),
]
