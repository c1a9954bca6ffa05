// The Applications screen's CV download, asked of the web server: only it signs CV links (with the
// service role, for a few minutes, after logging the download under the caller's own token).
import { applicationMessages as text } from '~/entities/job-application'
import type { Db } from '~/lib/supabase'
import type { ActionResult } from '../../lib/admin-action'
import { authorization } from '../../lib/server-request'

export const CV_LINK_API_PATH = '/admin/api/cv-link'

/** The CV link of one application, or the refusal to show. `origin` is the site's (tests name it). */
export async function requestCvLink(db: Db, applicationId: string, origin = ''): Promise<ActionResult> {
  try {
    const response = await fetch(`${origin}${CV_LINK_API_PATH}`, {
      method: 'POST',
      headers: { authorization: await authorization(db), 'content-type': 'application/json' },
      body: JSON.stringify({ id: applicationId }),
    })
    const result = (await response.json()) as ActionResult
    if (typeof result.ok === 'boolean') return result
  } catch (error) {
    console.error(text.cvFailed, error)
  }
  return { ok: false, toast: { kind: 'error', message: text.cvFailed } }
}
