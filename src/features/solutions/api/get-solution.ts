import type { Tables } from '~/lib/database.types'
import { unwrapOptional, type Db } from '~/lib/supabase'

export type Solution = Tables<'solutions'>

/** One solution by slug, or null when there is none. */
export async function getSolution(db: Db, slug: string): Promise<Solution | null> {
  return unwrapOptional(await db.from('solutions').select('*').eq('slug', slug).maybeSingle(), 'Failed to fetch solution')
}
