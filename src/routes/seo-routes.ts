import type { RouteConfigEntry } from '@react-router/dev/routes'

/** Files for crawlers and feed readers: sitemap, robots.txt, RSS. */
export const seoRoutes: RouteConfigEntry[] = []
