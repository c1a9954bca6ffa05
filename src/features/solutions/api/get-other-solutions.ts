import { unwrap, type Db } from '~/lib/supabase'
import type { SolutionSummary } from './get-solutions'

/** Up to `limit` solutions other than the one shown, in the public order. */
export async function getOtherSolutions(db: Db, slug: string, limit = 3): Promise<SolutionSummary[]> {
  return unwrap(
    await db
      .from('solutions')
      .select('id, slug, title, category, shortdescription, icon, status, url, features')
      .neq('slug', slug)
      .order('created_at', { ascending: true })
      .limit(limit),
    'Failed to fetch solutions',
  )
}
