import {
  Archive,
  Briefcase,
  Rocket,
  ClipboardCheck,
  FileText,
  History,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  Mail,
  MessageSquareQuote,
  Newspaper,
  Settings,
  UserRound,
  Users,
  Building2,
  CircleUserRound,
  ShieldCheck,
  Signpost,
  Images,
  Fingerprint,
  type LucideIcon,
} from 'lucide-react'
import type { Permission } from '~/entities/staff-role'

export interface AdminNavItem {
  label: string
  to: string
  icon: LucideIcon
  /** The permission the screen needs; none: every staff member uses it. */
  permission?: Permission
  /** Instead of one permission: any of these opens the screen. */
  anyPermission?: readonly Permission[]
  /** Shows the count of new contact messages. */
  countsInbox?: boolean
}

/** The sidebar, in order; each entry names the permission it needs (none: every staff member). */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  { label: 'Solutions', to: '/admin/solutions', icon: FolderKanban, permission: 'content.write' },
  { label: 'Clients', to: '/admin/clients', icon: Building2, permission: 'content.write' },
  { label: 'Testimonials', to: '/admin/testimonials', icon: MessageSquareQuote, permission: 'content.write' },
  { label: 'Website Content', to: '/admin/content', icon: FileText, permission: 'content.write' },
  { label: 'Blog Posts', to: '/admin/blog', icon: Newspaper, permission: 'posts.write' },
  { label: 'Team Members', to: '/admin/team', icon: Users, permission: 'content.write' },
  { label: 'Job Openings', to: '/admin/jobs', icon: Briefcase, permission: 'jobs.write' },
  { label: 'Media', to: '/admin/media', icon: Images, permission: 'media.write' },
  { label: 'Reviews', to: '/admin/reviews', icon: ClipboardCheck, permission: 'content.approve' },
  // Editors of any kind build releases; reviewers read them.
  {
    label: 'Releases',
    to: '/admin/releases',
    icon: Rocket,
    anyPermission: ['content.write', 'posts.write', 'jobs.write', 'settings.write', 'content.approve'],
  },
  // What visitors saw at any moment, and its export: reviewers and admins.
  { label: 'Archive', to: '/admin/archive', icon: Archive, permission: 'content.approve' },
  { label: 'Redirects', to: '/admin/redirects', icon: Signpost, permission: 'content.write' },
  { label: 'Site Settings', to: '/admin/settings', icon: Settings, permission: 'settings.write' },
  { label: 'Inbox', to: '/admin/inbox', icon: Inbox, permission: 'leads.read', countsInbox: true },
  { label: 'Subscribers', to: '/admin/subscribers', icon: Mail, permission: 'leads.read' },
  { label: 'Applications', to: '/admin/applications', icon: UserRound, permission: 'applications.read' },
  { label: 'Activity', to: '/admin/activity', icon: History, permission: 'staff.manage' },
  { label: 'Personal Data', to: '/admin/privacy', icon: Fingerprint, permission: 'privacy.manage' },
  { label: 'Staff', to: '/admin/staff', icon: ShieldCheck, permission: 'staff.manage' },
  { label: 'My Account', to: '/admin/account', icon: CircleUserRound },
]

function allowed(item: AdminNavItem, permissions: readonly Permission[]): boolean {
  if (item.anyPermission) return item.anyPermission.some((permission) => permissions.includes(permission))
  return !item.permission || permissions.includes(item.permission)
}

/** The sidebar of a person with these permissions. */
export function navFor(permissions: readonly Permission[]): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => allowed(item, permissions))
}

/** Whether these permissions open the screen at `pathname` (a screen outside the sidebar decides for itself). */
export function canOpen(pathname: string, permissions: readonly Permission[]): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase()
  const item = ADMIN_NAV.find((entry) => entry.to !== '/admin' && (path === entry.to || path.startsWith(`${entry.to}/`)))
  return !item || allowed(item, permissions)
}
