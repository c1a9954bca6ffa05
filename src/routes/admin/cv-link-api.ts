// POST /admin/api/cv-link: the Applications screen's CV download. The caller's own access token
// goes with the request; the server logs the download under it and answers a link it signed with
// the secret key (which stays in this process) for a few minutes.
import { z } from '~/lib/schemas'
import { applicationMessages as text } from '~/entities/job-application'
import { linkForBrowser, signCvLink } from '~/features/admin/applications/api/cv-link.server'
import { serviceAction } from '~/features/admin/lib/service-action.server'
import { browserSupabaseConfig } from '~/lib/env.server'
import { siteUrl } from '~/lib/site-url.server'

export const action = serviceAction({
  permission: 'applications.read',
  body: z.object({ id: z.uuid() }),
  messages: { unavailable: 'CV downloads are not set up on this server', refused: text.cvRefused, invalid: text.cvFailed, failed: text.cvFailed },
  run: async ({ body, callerDb, service, projectUrl, request, context }) => {
    const signed = await signCvLink(callerDb, service, body.id)
    return { ok: true, link: linkForBrowser(signed, projectUrl, browserSupabaseConfig().url, siteUrl({ request, context })) }
  },
})
