import { strToU8, zipSync } from 'fflate'
import { privacyMessages as text, type PersonalData } from '~/entities/personal-data'
import type { Db } from '~/lib/supabase'
import type { ActionResult } from '../../lib/admin-action'
import { authorization } from '../../lib/server-request'

export const ERASE_API_PATH = '/admin/api/personal-data/erase'

/** Everything held about an address (the look-up is recorded in the activity log). */
export async function findPersonalData(db: Db, email: string): Promise<PersonalData> {
  const { data, error } = await db.rpc('personal_data', { email })
  if (error) throw new Error(`Looking up personal data failed: ${error.message}`)
  return data as unknown as PersonalData
}

/** The CV's file name inside the export: its stored name, after the application's id (unique). */
const cvEntryName = (applicationId: string, cvPath: string) => `cv/${applicationId}-${cvPath.split('/').pop()}`

/** Asks the web server for an application's short-lived CV link (it logs the download first). */
export type CvLinkRequest = (applicationId: string) => Promise<ActionResult>

/**
 * One ZIP for the person: personal-data.json (every row and activity entry) and their CVs under
 * cv/. Each CV comes through a link the web server signs once it has logged the download under the
 * caller, as no staff token reads a CV object itself.
 */
export async function exportPersonalData(db: Db, email: string, cvLink: CvLinkRequest): Promise<Blob> {
  const data = await findPersonalData(db, email)
  const files: Record<string, Uint8Array> = { 'personal-data.json': strToU8(JSON.stringify(data, null, 2)) }
  for (const application of data.job_applications) {
    const signed = await cvLink(application.id)
    if (!signed.ok || !signed.link) throw new Error(`Getting a CV link failed: ${signed.toast?.message ?? 'no link'}`)
    const cv = await fetch(signed.link)
    if (!cv.ok) throw new Error(`Downloading a CV failed: ${cv.status}`)
    files[cvEntryName(application.id, application.cv_path)] = new Uint8Array(await cv.arrayBuffer())
  }
  return new Blob([zipSync(files)], { type: 'application/zip' })
}

/**
 * Asks the web server to erase everything held about an address: the database erases the rows and
 * rewrites the person's log entries under the caller's own token (privacy.manage), then the server
 * removes their CV files with the service role and the local copies of e-mails naming them. The
 * answer is the toast to show.
 */
export async function requestErasure(db: Db, email: string): Promise<ActionResult> {
  try {
    const response = await fetch(ERASE_API_PATH, {
      method: 'POST',
      headers: { authorization: await authorization(db), 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    })
    const result = (await response.json()) as ActionResult
    if (typeof result.ok === 'boolean') return result
  } catch (error) {
    console.error(text.eraseFailed, error)
  }
  return { ok: false, toast: { kind: 'error', message: text.eraseFailed } }
}
