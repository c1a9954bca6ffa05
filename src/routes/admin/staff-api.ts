// GET and POST /admin/api/staff: the Staff screen's server side. The caller's own access token must
// belong to an admin (staff.manage); only then does the server use the secret key, which stays in
// this process, for the Auth admin API.
import { z } from '~/lib/schemas'
import { inviteSchema, roleNameSchema, staffMessages as text } from '~/entities/staff-member'
import {
  changeRole,
  deactivateStaff,
  inviteLink,
  inviteStaff,
  listRoles,
  listStaff,
  reactivateStaff,
  removeStaff,
  resetTwoFactor,
} from '~/features/admin/staff/api/staff-admin.server'
import type { StaffActionResult, StaffList } from '~/features/admin/staff/api/staff-requests'
import { refused } from '~/features/admin/lib/admin-action'
import { serviceAction, type ServiceCall } from '~/features/admin/lib/service-action.server'
import { fieldErrorsOf } from '~/entities/limits'
import { siteUrl } from '~/lib/site-url.server'

const unavailable = 'Staff management is not set up on this server'
const onlyAdmins = 'Only admins manage staff'

export const loader = serviceAction({
  permission: 'staff.manage',
  messages: { unavailable, refused: onlyAdmins, failed: text.fetchFailed },
  run: async ({ service }): Promise<StaffList> => {
    const [staff, roles] = await Promise.all([listStaff(service), listRoles(service)])
    return { staff, roles }
  },
})

const id = z.uuid()
const bodySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), values: z.unknown() }),
  z.object({ intent: z.literal('link'), id }),
  z.object({ intent: z.literal('role'), id, role: roleNameSchema }),
  z.object({ intent: z.enum(['deactivate', 'reactivate', 'remove', 'reset-2fa']), id }),
])
type StaffIntent = z.infer<typeof bodySchema>

async function run({ body, userId, callerDb, service, request, context }: ServiceCall<StaffIntent>): Promise<StaffActionResult> {
  const done = (message: string): StaffActionResult => ({ ok: true, toast: { kind: 'success', message } })
  const welcomeUrl = `${siteUrl({ request, context })}/admin/welcome`
  switch (body.intent) {
    case 'invite': {
      const input = inviteSchema.safeParse(body.values)
      if (!input.success) return refused(text.inviteFailed, fieldErrorsOf(input.error))
      await inviteStaff(service, callerDb, input.data.email, input.data.role, welcomeUrl)
      return done(text.invited)
    }
    case 'link':
      return { ok: true, link: await inviteLink(service, body.id, welcomeUrl) }
    case 'role':
      await changeRole(service, callerDb, body.id, body.role)
      return done(text.roleChanged)
    case 'reactivate':
      await reactivateStaff(service, callerDb, body.id)
      return done(text.reactivated)
    case 'reset-2fa':
      await resetTwoFactor(service, callerDb, body.id)
      return done(text.twoFactorReset)
    case 'deactivate':
    case 'remove':
      // Locking oneself out is done by another admin, never by a slip of one's own.
      if (body.id === userId) return refused(text.notYourself)
      if (body.intent === 'deactivate') await deactivateStaff(service, callerDb, body.id)
      else await removeStaff(service, callerDb, body.id)
      return done(body.intent === 'deactivate' ? text.deactivated : text.removed)
  }
}

const failures: Record<StaffIntent['intent'], string> = {
  invite: text.inviteFailed,
  link: text.linkFailed,
  role: text.roleFailed,
  deactivate: text.deactivateFailed,
  reactivate: text.reactivateFailed,
  remove: text.removeFailed,
  'reset-2fa': text.twoFactorResetFailed,
}

export const action = serviceAction({
  permission: 'staff.manage',
  body: bodySchema,
  messages: { unavailable, refused: onlyAdmins, failed: (body) => failures[body.intent] },
  run,
})
