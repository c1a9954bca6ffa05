// A CV's download link, made by the web server: the caller's own token must hold applications.read
// at the assurance level its account needs (the database checks both when it logs the download
// under the caller); only then does the server read the application's CV name and sign a link for
// CV_LINK_SECONDS with the service role, which no staff token can do for itself.
import { applicationMessages } from '~/entities/job-application'
import { check, unwrap, type Db } from '~/lib/supabase'
import { ServiceRefusal } from '../../lib/service-action.server'

/** How long a CV link works: long enough to click, too short to pass around. */
export const CV_LINK_SECONDS = 300

/** The caller may not read this CV (no live session, no permission, or not at its assurance level). */
export class CvLinkRefused extends ServiceRefusal {
  constructor() {
    super(applicationMessages.cvRefused, 403)
    this.name = 'CvLinkRefused'
  }
}

/**
 * A link to the application's CV that stops working after `expiresIn` seconds, once the caller's
 * download of it is in the activity log. `callerDb` sends the caller's token with every call;
 * `service` is the service-role client. The CV is named by the application, never by the caller.
 */
export async function signCvLink(callerDb: Db, service: Db, applicationId: string, expiresIn = CV_LINK_SECONDS): Promise<string> {
  const logged = await callerDb.rpc('log_personal_data_read', { kind: 'cv_download', application_id: applicationId })
  // Refused (42501) or no such application (P0002): the same answer, so no id is confirmed to exist.
  if (logged.error?.code === '42501' || logged.error?.code === 'P0002') throw new CvLinkRefused()
  check(logged, 'Failed to record the download')
  const application = await service.from('job_applications').select('cv_path').eq('id', applicationId).single()
  if (application.error) throw new Error(`Failed to find the CV: ${application.error.message}`)
  const signed = await service.storage.from('applications').createSignedUrl(application.data.cv_path, expiresIn, { download: true })
  return unwrap(signed, 'Failed to sign the CV link').signedUrl
}

/**
 * `signedUrl` (on the project URL the server uses) on the origin the browser reaches Storage at:
 * `browserUrl`, or `siteOrigin` when the browser uses the site's own origin ('/', the proxied APIs).
 */
export function linkForBrowser(signedUrl: string, projectUrl: string, browserUrl: string, siteOrigin: string): string {
  const project = projectUrl.replace(/\/+$/, '')
  if (!signedUrl.startsWith(`${project}/`)) return signedUrl
  const base = browserUrl === '/' ? siteOrigin : browserUrl.replace(/\/+$/, '')
  return `${base}${signedUrl.slice(project.length)}`
}
