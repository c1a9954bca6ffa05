// A job application: the CV goes to the private applications bucket, then the row to
// job_applications. A refused upload leaves no row; a refused row takes its CV back, so nothing is
// left half-stored.
import { createHash, randomBytes } from 'node:crypto'
import type { Db } from '~/lib/supabase'
import { CV_CONTENT_TYPES, safeCvFileName, type CvKind } from '../cv-file'
import type { ApplicationInput } from '../schemas'
import { JobNotOpenError, throwIfFailed } from './lead-errors'

/** Header that proves to the database that this client uploaded the CV (see is_own_unclaimed_cv). */
export const CV_UPLOAD_SECRET_HEADER = 'X-Cv-Upload-Secret'

/** A fresh secret for one upload: 64 hex characters. */
export function newCvUploadSecret(): string {
  return randomBytes(32).toString('hex')
}

/** The CV's folder: md5(secret) written as a uuid, as the database derives it. */
function folderFor(secret: string): string {
  const hex = createHash('md5').update(secret).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

export interface CvUpload {
  kind: CvKind
  bytes: Uint8Array
  fileName: string
}

/**
 * Stores an application. `db` must send `secret` in CV_UPLOAD_SECRET_HEADER on every call, so the
 * upload can be taken back if the row is refused.
 */
export async function submitJobApplication(db: Db, jobId: string, input: Omit<ApplicationInput, 'cv'>, cv: CvUpload, secret: string): Promise<void> {
  const open = await db.rpc('job_opening_accepts_applications', { opening_id: jobId })
  throwIfFailed(open, 'Failed to check the job opening')
  if (open.data !== true) throw new JobNotOpenError()

  const cvPath = `${folderFor(secret)}/${safeCvFileName(cv.fileName, cv.kind)}`
  const bucket = db.storage.from('applications')
  const upload = await bucket.upload(cvPath, cv.bytes, { contentType: CV_CONTENT_TYPES[cv.kind], upsert: false })
  throwIfFailed(upload, 'Failed to upload CV')

  const inserted = await db.from('job_applications').insert({
    job_opening_id: jobId,
    name: input.name,
    email: input.email,
    phone: input.phone,
    cover_note: input.coverNote,
    keep_for_future_roles: input.keepForFutureRoles,
    cv_path: cvPath,
  })
  if (inserted.error) {
    const removed = await bucket.remove([cvPath])
    if (removed.error || removed.data?.length !== 1)
      // The folder only: the file name is the applicant's own and may name them.
      console.error(`Could not take back the CV in ${folderFor(secret)} after a refused application:`, removed.error?.message ?? 'not removed')
    // The opening may have closed between the check and the insert (row-level security refusal).
    if (inserted.error.code === '42501') throw new JobNotOpenError()
    throwIfFailed(inserted, 'Failed to store job application')
  }
}
