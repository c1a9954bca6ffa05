import { blankToNull } from '~/entities/rules'
import { solutionMessages as m, type Solution, type SolutionValues } from '~/entities/solution'
import type { Json, TablesInsert } from '~/lib/database.types'
import { unwrap, type Db, versioned } from '~/lib/supabase'

/** Every solution, newest first (the admin's order). */
export async function listSolutions(db: Db): Promise<Solution[]> {
  return unwrap(await db.from('solutions').select('*').order('created_at', { ascending: false }), m.fetchFailed)
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
    // An empty field is stored as null: the page's own title, or no image.
    seo_title: blankToNull(values.seo_title),
    social_image: blankToNull(values.social_image),
    hide_from_search: values.hide_from_search,
  }
}

export async function createSolution(db: Db, values: SolutionValues): Promise<void> {
  unwrap(await db.from('solutions').insert(toSolutionRow(values)).select('id').single(), m.createFailed)
}

export async function updateSolution(db: Db, id: string, values: SolutionValues, version?: string): Promise<void> {
  unwrap(
    await db
      .from('solutions')
      .update({ ...toSolutionRow(values), ...versioned(version) })
      .eq('id', id)
      .select('id')
      .single(),
    m.updateFailed,
  )
}

export async function deleteSolution(db: Db, id: string): Promise<void> {
  unwrap(await db.from('solutions').delete().eq('id', id).select('id').single(), m.deleteFailed)
}
