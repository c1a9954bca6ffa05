// POST /admin/api/personal-data/erase: the Personal Data screen's erasure. The caller's own access
// token goes with the request; the database checks it holds privacy.manage and erases the rows and
// log entries; then the server removes the person's CV files with the service-role key (which stays
// in this process) and the local copies of e-mails that name them.
import { z } from '~/lib/schemas'
import { privacyMessages as text } from '~/entities/personal-data'
import { refused } from '~/features/admin/lib/admin-action'
import { erasePersonalDataAsServer, InvalidAddress, PersonalDataRefused } from '~/features/admin/privacy/api/personal-data-erase.server'
import { bearerToken } from '~/features/admin/staff/api/staff-caller.server'
import { mailCopiesDir, serverEnv, serviceRoleKey } from '~/lib/env.server'
import { createServerClient, createServiceClient } from '~/lib/supabase.server'
import type { Route } from './+types/personal-data-erase-api'

const noStore = { 'Cache-Control': 'no-store' }
const bodySchema = z.object({ email: z.string().trim().min(1).max(320) })

export async function action({ request }: Route.ActionArgs) {
  const token = bearerToken(request)
  if (!token) return Response.json(refused('Sign in first'), { status: 401, headers: noStore })
  const key = serviceRoleKey()
  if (!key) {
    console.error('Personal-data erasure needs SUPABASE_SERVICE_ROLE_KEY in the web server environment')
    return Response.json(refused('Erasing personal data is not set up on this server'), { status: 503, headers: noStore })
  }
  const body = bodySchema.safeParse(await request.json().catch(() => null))
  if (!body.success) return Response.json(refused(new InvalidAddress().message), { status: 400, headers: noStore })
  const env = serverEnv()
  const callerDb = createServerClient({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_ANON_KEY }, { headers: { Authorization: `Bearer ${token}` } })
  try {
    await erasePersonalDataAsServer(callerDb, token, createServiceClient(env.SUPABASE_URL, key), body.data.email, mailCopiesDir())
    return Response.json({ ok: true, toast: { kind: 'success', message: text.erased } }, { headers: noStore })
  } catch (error) {
    if (error instanceof PersonalDataRefused) return Response.json(refused(error.message), { status: 403, headers: noStore })
    if (error instanceof InvalidAddress) return Response.json(refused(error.message), { status: 400, headers: noStore })
    console.error(text.eraseFailed, error)
    return Response.json(refused(text.eraseFailed), { status: 500, headers: noStore })
  }
}
