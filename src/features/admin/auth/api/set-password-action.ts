// The clientAction of the pages a link opens (/admin/welcome, /admin/reset): the new password,
// checked again against the staff rule, set for the person the link signed in.
import { z } from '~/lib/schemas'
import { refused, type ActionResult } from '../../lib/admin-action'
import { adminDb } from '../../lib/admin-db'
import { setNewPassword } from './passwords'

const SET_FAILED = 'Failed to set the password'

export async function setPasswordAction(request: Request): Promise<ActionResult> {
  const body = z.object({ password: z.string().min(1) }).safeParse(await request.json().catch(() => null))
  if (!body.success) return refused(SET_FAILED)
  try {
    await setNewPassword(await adminDb(), body.data.password)
  } catch (error) {
    console.error(SET_FAILED, error)
    return refused(SET_FAILED)
  }
  return { ok: true }
}
