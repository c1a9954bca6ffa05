import { jobOpeningMessages as m, type JobOpening, type JobOpeningValues } from '~/entities/job-opening'
import { unwrap, unwrapOptional, type Db, versioned } from '~/lib/supabase'

/** Every opening, inactive ones included, newest first. */
export async function listJobOpenings(db: Db): Promise<JobOpening[]> {
  return unwrap(await db.from('job_openings').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

/** One opening, or null when there is none with that id. */
export async function getJobOpening(db: Db, id: string): Promise<JobOpening | null> {
  return unwrapOptional(await db.from('job_openings').select('*').eq('id', id).maybeSingle(), m.fetchFailed)
}

/** An empty slug is made from the title by the database. */
export async function createJobOpening(db: Db, values: JobOpeningValues): Promise<string> {
  return unwrap<{ id: string }>(await db.from('job_openings').insert(values).select('id').single(), m.createFailed).id
}

export async function updateJobOpening(db: Db, id: string, values: JobOpeningValues, version?: string): Promise<string> {
  return unwrap<{ updated_at: string }>(
    await db
      .from('job_openings')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('updated_at')
      .single(),
    m.updateFailed,
  ).updated_at
}

/** Activate or deactivate: only `active` changes. */
export async function setJobOpeningActive(db: Db, id: string, active: boolean): Promise<void> {
  unwrap(await db.from('job_openings').update({ active }).eq('id', id).select('id').single(), m.updateFailed)
}

export async function deleteJobOpening(db: Db, id: string): Promise<void> {
  unwrap(await db.from('job_openings').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
