// Who is asking the web server to manage staff: read from the caller's own access token, checked
// by Supabase Auth (the signature and the live session) and by the database (the staff.manage
// permission, which only admins hold).
import { decodeJwt } from 'jose'
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
 * The admin behind `token`, or null. `callerDb` sends that token with every call. A person with a
 * verified authenticator counts only once the session has passed it (aal2).
 */
export async function adminCaller(callerDb: Db, token: string): Promise<StaffCaller | null> {
  const { data, error } = await callerDb.auth.getUser(token)
  if (error || !data.user) return null
  const verified = (data.user.factors ?? []).some((factor) => factor.status === 'verified')
  if (verified && decodeJwt(token).aal !== 'aal2') return null
  const { data: mayManage, error: roleError } = await callerDb.rpc('has_permission', { permission: 'staff.manage' })
  if (roleError || mayManage !== true) return null
  return { userId: data.user.id }
}
