// GET and POST /admin/api/staff: the Staff screen's server side. The caller's own access token must
// belong to an admin (its signature checked against the project's JWKS, then the database); only
// then does the server use the secret key, which stays in this process, for the Auth admin API.
import { z } from '~/lib/schemas'
import { inviteSchema, roleNameSchema, staffMessages as text } from '~/entities/staff-member'
import { adminCaller, bearerToken, type StaffCaller } from '~/features/admin/staff/api/staff-caller.server'
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
  StaffRuleError,
} from '~/features/admin/staff/api/staff-admin.server'
import type { StaffActionResult } from '~/features/admin/staff/api/staff-requests'
import { refused } from '~/features/admin/lib/admin-action'
import { fieldErrorsOf } from '~/entities/limits'
import { serverEnv, secretKey } from '~/lib/env.server'
import { siteUrl } from '~/lib/site-url.server'
import type { Db } from '~/lib/supabase'
import { createServerClient, createServiceClient } from '~/lib/supabase.server'
import type { Route } from './+types/staff-api'

const noStore = { 'Cache-Control': 'no-store' }

type Gate = { caller: StaffCaller; callerDb: Db; service: Db } | Response

async function gate(request: Request): Promise<Gate> {
  const token = bearerToken(request)
  if (!token) return Response.json({ ok: false, error: 'Sign in first' }, { status: 401, headers: noStore })
  const key = secretKey()
  if (!key) {
    console.error('Staff management needs SUPABASE_SECRET_KEY in the web server environment')
    return Response.json({ ok: false, toast: { kind: 'error', message: 'Staff management is not set up on this server' } }, { status: 503, headers: noStore })
  }
  const env = serverEnv()
  const callerDb = createServerClient({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_PUBLISHABLE_KEY }, { headers: { Authorization: `Bearer ${token}` } })
  const caller = await adminCaller(callerDb, { token, projectUrl: env.SUPABASE_URL })
  if (!caller) return Response.json({ ok: false, error: 'Only admins manage staff' }, { status: 403, headers: noStore })
  return { caller, callerDb, service: createServiceClient(env.SUPABASE_URL, key) }
}

export async function loader({ request }: Route.LoaderArgs) {
  const checked = await gate(request)
  if (checked instanceof Response) return checked
  try {
    const [staff, roles] = await Promise.all([listStaff(checked.service), listRoles(checked.service)])
    return Response.json({ staff, roles }, { headers: noStore })
  } catch (error) {
    console.error(text.fetchFailed, error)
    return Response.json({ error: text.fetchFailed }, { status: 500, headers: noStore })
  }
}

const id = z.uuid()
const bodySchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('invite'), values: z.unknown() }),
  z.object({ intent: z.literal('link'), id }),
  z.object({ intent: z.literal('role'), id, role: roleNameSchema }),
  z.object({ intent: z.enum(['deactivate', 'reactivate', 'remove', 'reset-2fa']), id }),
])
type StaffIntent = z.infer<typeof bodySchema>

async function run(body: StaffIntent, caller: StaffCaller, callerDb: Db, service: Db, welcomeUrl: string): Promise<StaffActionResult> {
  const done = (message: string): StaffActionResult => ({ ok: true, toast: { kind: 'success', message } })
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
      if (body.id === caller.userId) return refused(text.notYourself)
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

export async function action({ request, context }: Route.ActionArgs) {
  const checked = await gate(request)
  if (checked instanceof Response) return checked
  const parsed = bodySchema.safeParse(await request.json().catch(() => null))
  if (!parsed.success) return Response.json(refused('Unknown action'), { status: 400, headers: noStore })
  const welcomeUrl = `${siteUrl({ request, context })}/admin/welcome`
  let result: StaffActionResult
  try {
    result = await run(parsed.data, checked.caller, checked.callerDb, checked.service, welcomeUrl)
  } catch (error) {
    if (error instanceof StaffRuleError) result = refused(error.message)
    else {
      console.error(failures[parsed.data.intent], error)
      result = refused(failures[parsed.data.intent])
    }
  }
  return Response.json(result, { status: result.ok ? 200 : 400, headers: noStore })
}
