import type { RouteConfig } from '@react-router/dev/routes'
import { adminRoutes } from './routes/admin-routes'
import { seoRoutes } from './routes/seo-routes'
import { siteRoutes } from './routes/site-routes'

// The route table, in parts by area so each area keeps its own list: the public site (which holds
// the lead-capture routes), the back office, and the files for crawlers.
export default [...siteRoutes, ...adminRoutes, ...seoRoutes] satisfies RouteConfig
