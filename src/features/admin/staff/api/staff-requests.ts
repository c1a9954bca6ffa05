// The Staff screen's requests to the web server, which alone holds the service-role key: each
// carries the admin's own access token, and the server checks it before doing anything.
import type { RoleOption, StaffMember } from '~/entities/staff-member'
import type { Db } from '~/lib/supabase'
import type { ActionBody, ActionResult } from '../../lib/admin-action'
import { authorization } from '../../lib/server-request'

export const STAFF_API_PATH = '/admin/api/staff'

export interface StaffActionResult extends ActionResult {
  /** An invitation link to copy, shown once. */
  link?: string
}

export interface StaffList {
  staff: StaffMember[]
  roles: RoleOption[]
}

/** The staff list and the roles, or an Error with the server's message. `origin` is the site's (tests name it). */
export async function fetchStaff(db: Db, origin = ''): Promise<StaffList> {
  const response = await fetch(`${origin}${STAFF_API_PATH}`, { headers: { authorization: await authorization(db) } })
  const body = (await response.json().catch(() => null)) as (Partial<StaffList> & ActionResult) | null
  if (!response.ok || !body?.staff || !body.roles) throw new Error(`fetching staff: ${body?.toast?.message ?? response.status}`)
  return { staff: body.staff, roles: body.roles }
}

/** Runs one Staff intent on the server; the answer is what the admin sees. */
export async function postStaffIntent(db: Db, body: ActionBody, origin = ''): Promise<StaffActionResult> {
  try {
    const response = await fetch(`${origin}${STAFF_API_PATH}`, {
      method: 'POST',
      headers: { authorization: await authorization(db), 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const result = (await response.json()) as StaffActionResult
    if (typeof result.ok === 'boolean') return result
  } catch (error) {
    console.error('Staff request failed', error)
  }
  return { ok: false, toast: { kind: 'error', message: 'The server did not answer. Please try again.' } }
}
