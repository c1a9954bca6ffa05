import { applicationMessages as m, type Application, type ApplicationStatus } from '~/entities/job-application'
import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type OpeningOption = Pick<Tables<'job_openings'>, 'id' | 'title' | 'active'>

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
    .select('id, job_opening_id, name, email, phone, cover_note, cv_path, status, created_at, updated_at')
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
