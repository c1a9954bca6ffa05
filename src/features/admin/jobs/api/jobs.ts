import { amountOf, jobOpeningMessages as m, type JobOpening, type JobOpeningValues } from '~/entities/job-opening'
import type { TablesInsert } from '~/lib/database.types'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { unwrap, type Db, versioned } from '~/lib/supabase'
import { blankToNull } from '~/entities/rules'

/** Every opening, inactive ones included, newest first. */
export async function listJobOpenings(db: Db): Promise<JobOpening[]> {
  return unwrap(await db.from('job_openings').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

/** The row to write: trimmed text, codes in capitals, the description sanitized; an empty slug is made from the title by the database. */
export function toJobOpeningRow(values: JobOpeningValues): TablesInsert<'job_openings'> {
  const salaryMin = amountOf(values.salary_min)
  const salaryMax = amountOf(values.salary_max)
  const salaryGiven = salaryMin !== null || salaryMax !== null
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    location: values.location.trim(),
    country: values.country.trim().toUpperCase(),
    remote: values.remote,
    department: values.department.trim(),
    type: values.type,
    salary_min: salaryMin,
    salary_max: salaryMax,
    salary_currency: salaryGiven ? values.salary_currency.trim().toUpperCase() : null,
    salary_unit: salaryGiven && values.salary_unit !== '' ? values.salary_unit : null,
    description: blankToNull(sanitizeHtml(values.description)),
    requirements: blankToNull(values.requirements),
    active: values.active,
    closes_at: values.closes_at === '' ? null : new Date(values.closes_at).toISOString(),
  }
}

export async function createJobOpening(db: Db, values: JobOpeningValues): Promise<void> {
  unwrap(await db.from('job_openings').insert(toJobOpeningRow(values)).select('id').single(), m.createFailed)
}

export async function updateJobOpening(db: Db, id: string, values: JobOpeningValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('job_openings')
      .update({ ...toJobOpeningRow(values), ...versioned(version) })
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
