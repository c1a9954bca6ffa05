import { index, layout, route, type RouteConfigEntry } from '@react-router/dev/routes'
import { leadRoutes } from './lead-routes'

/**
 * The public website: server-rendered pages inside one layout (header, footer, transitions), and
 * the routes that take visitors' forms, which render inside the same layout. The catch-all comes
 * last and answers 404.
 */
export const siteRoutes: RouteConfigEntry[] = [
  layout('routes/site/layout.tsx', [
    index('routes/site/home.tsx'),
    route('solutions', 'routes/site/solutions.tsx'),
    route('solutions/:slug', 'routes/site/solution.tsx'),
    route('products', 'routes/site/products.tsx'),
    route('industries', 'routes/site/industries.tsx'),
    route('resources', 'routes/site/resources.tsx'),
    route('resources/blog/:slug', 'routes/site/post.tsx'),
    route('preview/:token', 'routes/site/preview.tsx'),
    route('preview/release/:token/*', 'routes/site/release-preview.tsx'),
    route('about', 'routes/site/about.tsx'),
    route('careers', 'routes/site/careers.tsx'),
    route('careers/:slug', 'routes/site/job.tsx'),
    route('clients', 'routes/site/clients.tsx'),
    route('contact', 'routes/site/contact.tsx'),
    route('privacy-policy', 'routes/site/privacy-policy.tsx'),
    route('terms-of-use', 'routes/site/terms-of-use.tsx'),
    ...leadRoutes,
    route('*', 'routes/site/not-found.tsx'),
  ]),
]
