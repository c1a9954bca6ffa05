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
  blog_post_drafts: '/admin/blog',
  post_previews: '/admin/blog',
  solutions: '/admin/solutions',
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

/** The actor as the sentence names them: "Ada Admin (admin)". */
export function actorLabel(row: Pick<ActivityRow, 'actor_name' | 'actor_email' | 'actor_role'>): string {
  const name = row.actor_name || row.actor_email || (row.actor_role === 'service_role' ? 'A script' : 'The system')
  const role = row.actor_role && row.actor_role !== 'system' ? ` (${row.actor_role.replaceAll(',', ', ').replaceAll('_', ' ')})` : ''
  return `${name}${role}`
}

export function verbOf(action: string): string {
  return ACTIVITY_VERBS[action] ?? action.replaceAll('_', ' ')
}

/** "3 min ago", "2 h ago", "5 days ago", or the date past a month. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000))
  if (seconds < 60) return 'just now'
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`
  if (seconds < 30 * 86400) return `${Math.floor(seconds / 86400)} day${seconds < 2 * 86400 ? '' : 's'} ago`
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(iso))
}
