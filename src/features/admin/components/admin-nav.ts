import {
  Briefcase,
  FileText,
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
  Signpost,
  type LucideIcon,
} from 'lucide-react'

export interface AdminNavItem {
  label: string
  to: string
  icon: LucideIcon
  /** Shows the count of new contact messages. */
  countsInbox?: boolean
}

/** The spec's sidebar, then the lead inboxes the product adds. */
export const ADMIN_NAV: AdminNavItem[] = [
  { label: 'Dashboard', to: '/admin', icon: LayoutDashboard },
  { label: 'Solutions', to: '/admin/solutions', icon: FolderKanban },
  { label: 'Clients', to: '/admin/clients', icon: Building2 },
  { label: 'Testimonials', to: '/admin/testimonials', icon: MessageSquareQuote },
  { label: 'Website Content', to: '/admin/content', icon: FileText },
  { label: 'Blog Posts', to: '/admin/blog', icon: Newspaper },
  { label: 'Team Members', to: '/admin/team', icon: Users },
  { label: 'Job Openings', to: '/admin/jobs', icon: Briefcase },
  { label: 'Site Settings', to: '/admin/settings', icon: Settings },
  { label: 'Inbox', to: '/admin/inbox', icon: Inbox, countsInbox: true },
  { label: 'Subscribers', to: '/admin/subscribers', icon: Mail },
  { label: 'Applications', to: '/admin/applications', icon: UserRound },
  { label: 'Redirects', to: '/admin/redirects', icon: Signpost },
]
