import { unwrap, type Db } from '~/lib/supabase'

export interface SolutionChoice {
  slug: string
  title: string
}

/** The solutions a visitor can pick under 'interested in', in the site's order. */
export async function getSolutionChoices(db: Db): Promise<SolutionChoice[]> {
  return unwrap(await db.from('solutions').select('slug, title').order('created_at', { ascending: true }), 'Failed to fetch solutions')
}
