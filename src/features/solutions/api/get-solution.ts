import type { Tables } from '~/lib/database.types'
import { type Db } from '~/lib/supabase'

export type Solution = Tables<'solutions'>

/** One solution by slug, or null when there is none. */
export async function getSolution(db: Db, slug: string): Promise<Solution | null> {
  const { data, error } = await db.from('solutions').select('*').eq('slug', slug).maybeSingle()
  if (error) throw new Error(`Failed to fetch solution: ${error.message}`)
  return data
}
