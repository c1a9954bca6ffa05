import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type JobOpening = Pick<Tables<'job_openings'>, 'id' | 'title' | 'location' | 'department' | 'type' | 'description' | 'requirements' | 'created_at'>

/** Active openings, newest first (RLS hides inactive ones from visitors; the filter says so too). */
export async function getOpenJobs(db: Db): Promise<JobOpening[]> {
  return unwrap(
    await db
      .from('job_openings')
      .select('id, title, location, department, type, description, requirements, created_at')
      .eq('active', true)
      .order('created_at', { ascending: false }),
    'Failed to fetch job openings',
  )
}

export interface OpenJob {
  id: string
  title: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` can name a job opening at all (a UUID). */
export function isJobId(id: string): boolean {
  return UUID.test(id)
}

/** The job opening with this id when it accepts applications (visitors see only active ones). */
export async function getOpenJob(db: Db, id: string): Promise<OpenJob | null> {
  if (!isJobId(id)) return null
  const rows = unwrap(await db.from('job_openings').select('id, title').eq('id', id).eq('active', true).limit(1), 'Failed to fetch job opening')
  return rows[0] ?? null
}
