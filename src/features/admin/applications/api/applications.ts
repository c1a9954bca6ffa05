import { applicationMessages as m, type Application, type ApplicationStatus } from '~/entities/job-application'
import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'
import { logPersonalDataRead } from '../../lib/personal-data'

export type OpeningOption = Pick<Tables<'job_openings'>, 'id' | 'title' | 'active'>

/** How long a CV link works: long enough to click, too short to pass around. */
export const CV_LINK_SECONDS = 300

export async function listOpenings(db: Db): Promise<OpeningOption[]> {
  return unwrap(await db.from('job_openings').select('id, title, active').order('created_at', { ascending: false }), m.openingsFailed)
}

/**
 * Applications, newest first, for one opening or all, each with its opening's title. Two queries
 * joined here: the local backend does not do resource embedding yet.
 */
export async function listApplications(db: Db, openingId: string | null): Promise<Application[]> {
  let query = db
    .from('job_applications')
    .select(
      'id, job_opening_id, name, email, phone, cover_note, cv_path, status, created_at, updated_at, consent_at, privacy_notice_version, keep_for_future_roles',
    )
    .order('created_at', { ascending: false })
  if (openingId) query = query.eq('job_opening_id', openingId)
  const [rows, openings] = await Promise.all([query, db.from('job_openings').select('id, title')])
  const applications = unwrap(rows, m.fetchFailed)
  const titles = new Map(unwrap(openings, m.openingsFailed).map((o) => [o.id, o.title]))
  return applications.map((a) => ({ ...a, opening_title: titles.get(a.job_opening_id) ?? 'Unknown opening' }))
}

export async function setApplicationStatus(db: Db, id: string, status: ApplicationStatus): Promise<void> {
  unwrap(await db.from('job_applications').update({ status }).eq('id', id).select('id').single(), m.updateFailed)
}

/**
 * A link to the CV in the private bucket that stops working after CV_LINK_SECONDS. The download is
 * recorded first: the bucket lets staff read a CV only once its download is in the activity log.
 */
export async function signedCvUrl(db: Db, application: Pick<Application, 'id' | 'cv_path'>, expiresIn = CV_LINK_SECONDS): Promise<string> {
  await logPersonalDataRead(db, 'cv_download', application.id)
  return unwrap(await db.storage.from('applications').createSignedUrl(application.cv_path, expiresIn, { download: true }), 'Failed to create CV link').signedUrl
}
