import { index, layout, route, type RouteConfigEntry } from '@react-router/dev/routes'

/**
 * The /admin back office: rendered in the browser, behind Supabase Auth. The layout's server loader
 * only hands over the (public) Supabase URL and anon key; shell.tsx is the guard and the frame.
 */
export const adminRoutes: RouteConfigEntry[] = [
  route('admin', 'routes/admin/layout.tsx', [
    route('login', 'routes/admin/login.tsx'),
    // The pages an invitation and a recovery e-mail open: one module, so each route needs its own id.
    route('welcome', 'routes/admin/set-password.tsx', { id: 'routes/admin/welcome' }),
    route('reset', 'routes/admin/set-password.tsx', { id: 'routes/admin/reset' }),
    route('api/staff', 'routes/admin/staff-api.ts'),
    route('api/cv-link', 'routes/admin/cv-link-api.ts'),
    route('api/personal-data/erase', 'routes/admin/personal-data-erase-api.ts'),
    // Panels that load on demand (read with useFetcher().load, reloaded after every write).
    route('api/versions/:table/:id', 'routes/admin/versions-api.ts'),
    route('api/deleted/:table', 'routes/admin/deleted-api.ts'),
    route('api/upload', 'routes/admin/upload-api.ts'),
    // The site as of a moment and the export for an examiner, rendered by the web server.
    route('api/archive/page', 'routes/admin/archive-page-api.ts'),
    route('api/archive/export', 'routes/admin/archive-export-api.ts'),
    layout('routes/admin/shell.tsx', [
      index('routes/admin/dashboard.tsx'),
      route('solutions', 'routes/admin/solutions.tsx'),
      // One page per solution; 'new' for a new one.
      route('solutions/:id', 'routes/admin/solution.tsx'),
      route('clients', 'routes/admin/clients.tsx'),
      route('testimonials', 'routes/admin/testimonials.tsx'),
      route('jobs', 'routes/admin/jobs.tsx'),
      // One page per job opening; 'new' for a new one.
      route('jobs/:id', 'routes/admin/job.tsx'),
      route('team', 'routes/admin/team.tsx'),
      route('blog', 'routes/admin/blog.tsx'),
      // A post's own page: content first, its settings beside it.
      route('blog/new', 'routes/admin/blog-new.tsx'),
      route('blog/:id', 'routes/admin/blog-post.tsx'),
      route('content', 'routes/admin/content.tsx'),
      route('settings', 'routes/admin/settings.tsx'),
      route('inbox', 'routes/admin/inbox.tsx'),
      route('subscribers', 'routes/admin/subscribers.tsx'),
      route('applications', 'routes/admin/applications.tsx'),
      route('activity', 'routes/admin/activity.tsx'),
      route('privacy', 'routes/admin/privacy.tsx'),
      route('staff', 'routes/admin/staff.tsx'),
      route('account', 'routes/admin/account.tsx'),
      route('redirects', 'routes/admin/redirects.tsx'),
      route('media', 'routes/admin/media.tsx'),
      route('reviews', 'routes/admin/reviews.tsx'),
      route('releases', 'routes/admin/releases.tsx'),
      route('archive', 'routes/admin/archive.tsx'),
    ]),
  ]),
]
