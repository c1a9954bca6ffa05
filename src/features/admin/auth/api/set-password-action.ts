// The clientAction of the pages a link opens (/admin/welcome, /admin/reset): the new password,
// checked again against the staff rule, set for the person the link signed in; with the code of
// their authenticator app when they have one.
import { z } from '~/lib/schemas'
import { totpCodeSchema, WRONG_CODE_MESSAGE } from '~/entities/staff-member'
import { refused, type ActionResult } from '../../lib/admin-action'
import { adminDb } from '../../lib/admin-db'
import { setNewPassword } from './passwords'

const SET_FAILED = 'Failed to set the password'

const setPasswordBody = z.object({ password: z.string().min(1), code: totpCodeSchema.shape.code.optional() })

export async function setPasswordAction(request: Request): Promise<ActionResult> {
  const body = setPasswordBody.safeParse(await request.json().catch(() => null))
  if (!body.success) return refused(SET_FAILED)
  try {
    const outcome = await setNewPassword(await adminDb(), body.data.password, body.data.code)
    if (outcome === 'wrong-code') return refused(WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE })
  } catch (error) {
    console.error(SET_FAILED, error)
    return refused(SET_FAILED)
  }
  return { ok: true }
}
