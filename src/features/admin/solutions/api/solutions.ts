import type { Json, Tables, TablesInsert } from '~/lib/database.types'
import { check, unwrap, type Db } from '~/lib/supabase'
import type { SolutionValues } from '../schemas'

export type Solution = Tables<'solutions'>
export interface SolutionFeature {
  title: string
  description: string
}

/** Every solution, newest first (the admin's order). */
export async function listSolutions(db: Db): Promise<Solution[]> {
  return unwrap(await db.from('solutions').select('*').order('created_at', { ascending: false }), 'Failed to fetch solutions')
}

export function featuresOf(solution: Solution): SolutionFeature[] {
  return Array.isArray(solution.features) ? (solution.features as unknown as SolutionFeature[]) : []
}

/** The row to write: trimmed text, with empty feature rows and blank audience entries dropped. */
export function toSolutionRow(values: SolutionValues): TablesInsert<'solutions'> {
  const features = values.features
    .map((f) => ({ title: f.title.trim(), description: f.description.trim() }))
    .filter((f) => f.title !== '' && f.description !== '')
  const targetaudience = values.targetaudience.map((a) => a.value.trim()).filter((a) => a !== '')
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    category: values.category.trim(),
    icon: values.icon,
    status: values.status,
    url: values.url.trim(),
    shortdescription: values.shortdescription.trim(),
    longdescription: values.longdescription.trim(),
    metadescription: values.metadescription.trim(),
    features: features as unknown as NonNullable<Json>,
    targetaudience,
  }
}

export async function createSolution(db: Db, values: SolutionValues): Promise<void> {
  check(await db.from('solutions').insert(toSolutionRow(values)), 'Failed to create solution')
}

export async function updateSolution(db: Db, id: string, values: SolutionValues): Promise<void> {
  // .select() makes a row the policy hid count as a failure instead of a silent no-op.
  unwrap(await db.from('solutions').update(toSolutionRow(values)).eq('id', id).select('id').single(), 'Failed to update solution')
}

export async function deleteSolution(db: Db, id: string): Promise<void> {
  unwrap(await db.from('solutions').delete().eq('id', id).select('id').single(), 'Failed to delete solution')
}
