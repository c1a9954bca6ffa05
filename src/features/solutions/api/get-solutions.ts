import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type SolutionSummary = Pick<Tables<'solutions'>, 'id' | 'slug' | 'title' | 'category' | 'shortdescription' | 'icon' | 'status' | 'url' | 'features'>

/** Solutions as the public site lists them: oldest first, so the flagship leads. */
export async function getSolutions(db: Db): Promise<SolutionSummary[]> {
  return unwrap(
    await db.from('solutions').select('id, slug, title, category, shortdescription, icon, status, url, features').order('created_at', { ascending: true }),
    'Failed to fetch solutions',
  )
}
