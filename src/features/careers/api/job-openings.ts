import type { Tables } from '~/lib/database.types'
import { unwrap, unwrapOptional, type Db } from '~/lib/supabase'

export type JobOpening = Pick<Tables<'job_openings'>, 'id' | 'slug' | 'title' | 'location' | 'department' | 'type' | 'closes_at' | 'created_at'>

/** Open roles, newest first (row-level security hides inactive and closed ones; the filter repeats the first). */
export async function getOpenJobs(db: Db): Promise<JobOpening[]> {
  return unwrap(
    await db
      .from('job_openings')
      .select('id, slug, title, location, department, type, closes_at, created_at')
      .eq('active', true)
      .order('created_at', { ascending: false }),
    'Failed to fetch job openings',
  )
}

export type JobPage = Pick<
  Tables<'job_openings'>,
  | 'id'
  | 'slug'
  | 'title'
  | 'location'
  | 'country'
  | 'street_address'
  | 'region'
  | 'remote'
  | 'department'
  | 'type'
  | 'description'
  | 'requirements'
  | 'salary_min'
  | 'salary_max'
  | 'salary_currency'
  | 'salary_unit'
  | 'closes_at'
  | 'created_at'
  | 'updated_at'
>

const JOB_PAGE_COLUMNS =
  'id, slug, title, location, country, street_address, region, remote, department, type, description, requirements, salary_min, salary_max, salary_currency, salary_unit, closes_at, created_at, updated_at'

/** The open role at `/careers/{slug}`, or null when there is none open there. */
export async function getOpenJobPage(db: Db, slug: string): Promise<JobPage | null> {
  const rows = unwrap(await db.from('job_openings').select(JOB_PAGE_COLUMNS).eq('slug', slug).eq('active', true).limit(1), 'Failed to fetch job opening')
  return rows[0] ?? null
}

/** Whether a slug names an open role, a closed one (inactive or past its closing time), or none. */
export async function getJobOpeningState(db: Db, slug: string): Promise<'open' | 'closed' | null> {
  const state = unwrapOptional(await db.rpc('job_opening_state', { opening_slug: slug }), 'Failed to check job opening')
  return state === 'open' || state === 'closed' ? state : null
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Whether `id` can name a job opening at all (a UUID). */
export function isJobId(id: string): boolean {
  return UUID.test(id)
}

/** The slug of the open role with this id, or null (visitors see open roles only). */
export async function getOpenJobSlug(db: Db, id: string): Promise<string | null> {
  if (!isJobId(id)) return null
  const rows = unwrap(await db.from('job_openings').select('slug').eq('id', id).eq('active', true).limit(1), 'Failed to fetch job opening')
  return rows[0]?.slug ?? null
}

/** The path of a role's own page. */
export function jobPath(slug: string): string {
  return `/careers/${slug}`
}

/** The id of the open role at `/careers/{slug}`, or null. */
export async function getOpenJobId(db: Db, slug: string): Promise<string | null> {
  const rows = unwrap(await db.from('job_openings').select('id').eq('slug', slug).eq('active', true).limit(1), 'Failed to fetch job opening')
  return rows[0]?.id ?? null
}
