// The back-office screens the browser tests visit. One list: add a screen here when the admin gains
// one.
export const ADMIN_ROUTES: readonly string[] = [
  '/admin',
  '/admin/solutions',
  // An item's own page, new (a saved one's: post-page.e2e.ts).
  '/admin/solutions/new',
  '/admin/clients',
  '/admin/testimonials',
  '/admin/content',
  '/admin/blog',
  '/admin/blog/new',
  '/admin/team',
  '/admin/jobs',
  '/admin/jobs/new',
  '/admin/media',
  '/admin/settings',
  '/admin/inbox',
  '/admin/subscribers',
  '/admin/applications',
  '/admin/activity',
  '/admin/privacy',
  // A looked-up address: the result, its export and its erasure form.
  '/admin/privacy?email=admin@example.com',
  '/admin/staff',
  '/admin/account',
  '/admin/reviews',
  '/admin/releases',
  '/admin/archive',
]

export const ADMIN_LOGIN = '/admin/login'

/** The first admin `npm start` creates on an empty DATA_DIR when ADMIN_EMAIL/ADMIN_PASSWORD are unset. */
export const DEV_ADMIN = { email: 'admin@example.com', password: 'change-me-admin' }
