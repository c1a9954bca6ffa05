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
