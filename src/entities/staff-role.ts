// Staff roles and the permissions the database grants them (public.roles, public.role_permissions).
// The database is the gate; the back office reads the signed-in person's permissions to show only
// the screens and figures those permissions open.

/** Every permission a policy checks through has_permission(). */
export const PERMISSIONS = [
  'content.write',
  'posts.write',
  'jobs.write',
  'media.write',
  'views.read',
  'leads.read',
  'leads.write',
  'applications.read',
  'applications.write',
  'settings.write',
  'staff.manage',
  'privacy.manage',
  'content.approve',
] as const

export type Permission = (typeof PERMISSIONS)[number]

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value)
}

/** The roles the migrations define; a role added as data shows under its own name. */
export const ROLE_LABELS: Record<string, string> = {
  admin: 'Admin',
  editor: 'Editor',
  sales: 'Sales',
  recruiter: 'Recruiter',
  compliance: 'Compliance',
}

export function roleLabel(role: string): string {
  return ROLE_LABELS[role] ?? role.charAt(0).toUpperCase() + role.slice(1)
}
