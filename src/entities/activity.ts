// The activity log as the back office reads it: staff changes, reads of personal data and sign-ins,
// one row each (public.activity_feed).
import type { Database } from '~/lib/database.types'

export type ActivityRow = Database['public']['Functions']['activity_feed']['Returns'][number]
export type StaffMember = Database['public']['Functions']['activity_staff']['Returns'][number]

export const ACTIVITY_AREAS = [
  { value: 'content', label: 'Content' },
  { value: 'leads', label: 'Leads' },
  { value: 'staff_settings', label: 'Staff and settings' },
  { value: 'sign_ins', label: 'Sign-ins' },
] as const

/** The verb of each action, as the sentence reads: "{name} ({role}) {verb} {item}". */
export const ACTIVITY_VERBS: Record<string, string> = {
  created: 'created',
  updated: 'updated',
  deleted: 'deleted',
  published: 'published',
  unpublished: 'unpublished',
  scheduled: 'scheduled',
  restored: 'restored',
  status_changed: 'changed the status of',
  role_changed: 'changed the role of',
  settings_changed: 'changed the setting',
  exported: 'exported',
  downloaded: 'downloaded',
  invited: 'invited',
  deactivated: 'deactivated',
  reactivated: 'reactivated',
  two_factor_reset: 'reset two-factor sign-in of',
  removed: 'removed',
  review_requested: 'asked for a review of',
  approved: 'approved',
  rejected: 'requested changes to',
  signed_in: 'signed in',
  signed_out: 'signed out',
  signed_in_2fa: 'signed in with two-factor',
  recovery_requested: 'asked for a password reset',
}

export const ACTIVITY_PAGE_SIZE = 50
/** How much of their own activity the Account screen shows a staff member. */
export const MY_ACTIVITY_ROWS = 20
/** The most rows one CSV export holds. */
export const ACTIVITY_EXPORT_LIMIT = 10000

/** Where each table's items are edited, for the item's link. */
export const ACTIVITY_SCREENS: Record<string, string> = {
  blog_posts: '/admin/blog',
  // Entries from before pending changes of every kind shared one table.
  blog_post_drafts: '/admin/blog',
  content_drafts: '/admin/releases',
  post_previews: '/admin/blog',
  solutions: '/admin/solutions',
  releases: '/admin/releases',
  release_items: '/admin/releases',
  solution_drafts: '/admin/solutions',
  job_openings: '/admin/jobs',
  website_content: '/admin/content',
  site_settings: '/admin/settings',
  clients: '/admin/clients',
  testimonials: '/admin/testimonials',
  team_members: '/admin/team',
  contact_messages: '/admin/inbox',
  newsletter_subscribers: '/admin/subscribers',
  job_applications: '/admin/applications',
  staff_roles: '/admin/staff',
  users: '/admin/staff',
  media_files: '/admin/media',
  cv_files: '/admin/applications',
}

export interface ActivityFilters {
  actor: string
  area: string
  action: string
  /** yyyy-mm-dd, inclusive */
  from: string
  /** yyyy-mm-dd, inclusive */
  to: string
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = { actor: '', area: '', action: '', from: '', to: '' }

export const activityMessages = {
  fetchFailed: 'Failed to fetch activity',
  exportFailed: 'Failed to export activity',
  empty: 'No activity found',
}

/**
 * Whoever made a change, as the log and the history name them: "Ada Admin (admin)", their e-mail
 * when they have no name, "A script" or "The system" when no account did it.
 */
export function changedBy(name: string | null | undefined, email: string | null | undefined, role: string | null | undefined): string {
  const who = name || email || (role === 'service_role' ? 'A script' : 'The system')
  const roles = role && role !== 'system' ? ` (${role.replaceAll(',', ', ').replaceAll('_', ' ')})` : ''
  return `${who}${roles}`
}

export function verbOf(action: string): string {
  return ACTIVITY_VERBS[action] ?? action.replaceAll('_', ' ')
}
