// Who is asking the web server to manage staff: read from the caller's own access token, verified
// against the project's signing keys in this process (access-token.server.ts), and checked by the
// database (the staff.manage permission, which only admins hold, at the account's assurance level).
import { callerId, type CallerToken } from '~/lib/access-token.server'
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
 * The admin behind `caller`'s token, or null. `callerDb` sends that token with every call. The session must
 * be at the level the database asks of this account (has_required_aal: aal2 with a verified
 * authenticator, or for everyone when two-factor is required for all staff), as every policy does.
 */
export async function adminCaller(callerDb: Db, caller: CallerToken): Promise<StaffCaller | null> {
  const userId = await callerId(callerDb, caller)
  if (!userId) return null
  const [permission, level] = await Promise.all([callerDb.rpc('has_permission', { permission: 'staff.manage' }), callerDb.rpc('has_required_aal')])
  if (permission.error || permission.data !== true || level.error || level.data !== true) return null
  return { userId }
}
