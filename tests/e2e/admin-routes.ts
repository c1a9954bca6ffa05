// The back-office screens the browser tests visit. One list: add a screen here when the admin gains
// one. The paths are the spec's; the admin's own screens for leads follow its naming when it lands.
export const ADMIN_ROUTES: readonly string[] = [
  '/admin',
  '/admin/solutions',
  '/admin/clients',
  '/admin/testimonials',
  '/admin/content',
  '/admin/blog',
  '/admin/team',
  '/admin/jobs',
  '/admin/settings',
]

export const ADMIN_LOGIN = '/admin/login'

/** Whether the admin screens exist (they are built on another branch); true from the merge on. */
export const ADMIN_COMPLETE = false
