import { index, type RouteConfigEntry } from '@react-router/dev/routes'
import { leadRoutes } from './lead-routes'

/** The public website: server-rendered pages, and the routes that take visitors' forms. */
export const siteRoutes: RouteConfigEntry[] = [index('routes/home.tsx'), ...leadRoutes]
