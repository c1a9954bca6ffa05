// Who is asking the web server to manage staff: read from the caller's own access token, checked
// by Supabase Auth (the signature and the live session) and by the database (the staff.manage
// permission, which only admins hold).
import type { Db } from '~/lib/supabase'

export interface StaffCaller {
  userId: string
}

/** The bearer token of a request, or null. */
export function bearerToken(request: Request): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.get('authorization') ?? '')
  return match ? match[1] : null
}

/**
 * The admin behind `token`, or null. `callerDb` sends that token with every call. The session must
 * be at the level the database asks of this account (has_required_aal: aal2 with a verified
 * authenticator, or for everyone when two-factor is required for all staff), as every policy does.
 */
export async function adminCaller(callerDb: Db, token: string): Promise<StaffCaller | null> {
  const { data, error } = await callerDb.auth.getUser(token)
  if (error || !data.user) return null
  const [permission, level] = await Promise.all([callerDb.rpc('has_permission', { permission: 'staff.manage' }), callerDb.rpc('has_required_aal')])
  if (permission.error || permission.data !== true || level.error || level.data !== true) return null
  return { userId: data.user.id }
}
