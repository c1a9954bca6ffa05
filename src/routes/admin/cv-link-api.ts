// POST /admin/api/cv-link: the Applications screen's CV download. The caller's own access token
// goes with the request; the server logs the download under it and answers a link it signed with
// the secret key (which stays in this process) for a few minutes.
import { z } from '~/lib/schemas'
import { applicationMessages as text } from '~/entities/job-application'
import { CvLinkRefused, linkForBrowser, signCvLink } from '~/features/admin/applications/api/cv-link.server'
import { refused } from '~/features/admin/lib/admin-action'
import { bearerToken } from '~/features/admin/staff/api/staff-caller.server'
import { browserSupabaseConfig, serverEnv, secretKey } from '~/lib/env.server'
import { siteUrl } from '~/lib/site-url.server'
import { createServerClient, createServiceClient } from '~/lib/supabase.server'
import type { Route } from './+types/cv-link-api'

const noStore = { 'Cache-Control': 'no-store' }
const bodySchema = z.object({ id: z.uuid() })

export async function action({ request, context }: Route.ActionArgs) {
  const token = bearerToken(request)
  if (!token) return Response.json(refused('Sign in first'), { status: 401, headers: noStore })
  const key = secretKey()
  if (!key) {
    console.error('CV downloads need SUPABASE_SECRET_KEY in the web server environment')
    return Response.json(refused('CV downloads are not set up on this server'), { status: 503, headers: noStore })
  }
  const body = bodySchema.safeParse(await request.json().catch(() => null))
  if (!body.success) return Response.json(refused(text.cvFailed), { status: 400, headers: noStore })
  const env = serverEnv()
  const callerDb = createServerClient({ url: env.SUPABASE_URL, anonKey: env.SUPABASE_PUBLISHABLE_KEY }, { headers: { Authorization: `Bearer ${token}` } })
  try {
    const signed = await signCvLink(callerDb, { token, projectUrl: env.SUPABASE_URL }, createServiceClient(env.SUPABASE_URL, key), body.data.id)
    const link = linkForBrowser(signed, env.SUPABASE_URL, browserSupabaseConfig().url, siteUrl({ request, context }))
    return Response.json({ ok: true, link }, { headers: noStore })
  } catch (error) {
    if (error instanceof CvLinkRefused) return Response.json(refused(error.message), { status: 403, headers: noStore })
    console.error(text.cvFailed, error)
    return Response.json(refused(text.cvFailed), { status: 500, headers: noStore })
  }
}
