import { jobOpeningMessages as m, type JobOpening, type JobOpeningValues } from '~/entities/job-opening'
import { unwrap, type Db, versioned } from '~/lib/supabase'

/** Every opening, inactive ones included, newest first. */
export async function listJobOpenings(db: Db): Promise<JobOpening[]> {
  return unwrap(await db.from('job_openings').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

/** An empty slug is made from the title by the database. */
export async function createJobOpening(db: Db, values: JobOpeningValues): Promise<void> {
  unwrap(await db.from('job_openings').insert(values).select('id').single(), m.createFailed)
}

export async function updateJobOpening(db: Db, id: string, values: JobOpeningValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('job_openings')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

/** Activate or deactivate: only `active` changes. */
export async function setJobOpeningActive(db: Db, id: string, active: boolean): Promise<void> {
  unwrap(await db.from('job_openings').update({ active }).eq('id', id).select('id').single(), m.updateFailed)
}

export async function deleteJobOpening(db: Db, id: string): Promise<void> {
  unwrap(await db.from('job_openings').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
