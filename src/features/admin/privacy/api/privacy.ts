import { strToU8, zipSync } from 'fflate'
import type { PersonalData } from '~/entities/personal-data'
import { check, type Db } from '~/lib/supabase'
import { logPersonalDataRead } from '../../lib/personal-data'

/** Everything held about an address (the look-up is recorded in the activity log). */
export async function findPersonalData(db: Db, email: string): Promise<PersonalData> {
  const { data, error } = await db.rpc('personal_data', { email })
  if (error) throw new Error(`Looking up personal data failed: ${error.message}`)
  return data as unknown as PersonalData
}

/** The CV's file name inside the export: its stored name, after the application's id (unique). */
const cvEntryName = (applicationId: string, cvPath: string) => `cv/${applicationId}-${cvPath.split('/').pop()}`

/**
 * One ZIP for the person: personal-data.json (every row and activity entry) and their CVs under
 * cv/. Each CV download is recorded first, as the applications bucket requires.
 */
export async function exportPersonalData(db: Db, email: string): Promise<Blob> {
  const data = await findPersonalData(db, email)
  const files: Record<string, Uint8Array> = { 'personal-data.json': strToU8(JSON.stringify(data, null, 2)) }
  for (const application of data.job_applications) {
    await logPersonalDataRead(db, 'cv_download', application.id)
    const { data: cv, error } = await db.storage.from('applications').download(application.cv_path)
    if (error) throw new Error(`Downloading a CV failed: ${error.message}`)
    files[cvEntryName(application.id, application.cv_path)] = new Uint8Array(await cv.arrayBuffer())
  }
  return new Blob([zipSync(files)], { type: 'application/zip' })
}

/**
 * Erases everything held about an address. The CV files go first, through the Storage API, while
 * their applications still name them, so the log entries of their removal are rewritten with the
 * rest; then the rows and the activity log (erase_personal_data). Returns how many rows went.
 */
export async function erasePersonalData(db: Db, email: string): Promise<number> {
  const data = await findPersonalData(db, email)
  const cvPaths = data.job_applications.map((a) => a.cv_path)
  if (cvPaths.length) check(await db.storage.from('applications').remove(cvPaths), 'Removing CV files failed')
  const { data: erased, error } = await db.rpc('erase_personal_data', { email })
  if (error) throw new Error(`Erasing personal data failed: ${error.message}`)
  const counts = erased as unknown as Record<string, number>
  return (counts.contact_messages ?? 0) + (counts.job_applications ?? 0) + (counts.newsletter_subscriptions ?? 0)
}
