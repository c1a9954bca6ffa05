import type { Tables } from '~/lib/database.types'
import { unwrap, type Db, unwrapOptional } from '~/lib/supabase'

export type SolutionSummary = Pick<Tables<'solutions'>, 'id' | 'slug' | 'title' | 'category' | 'shortdescription' | 'icon' | 'status' | 'url' | 'features'>

/** Solutions as the public site lists them: oldest first, so the flagship leads. */
export async function getSolutions(db: Db): Promise<SolutionSummary[]> {
  return unwrap(
    await db.from('solutions').select('id, slug, title, category, shortdescription, icon, status, url, features').order('created_at', { ascending: true }),
    'Failed to fetch solutions',
  )
}

export type Solution = Tables<'solutions'>

/** One solution by slug, or null when there is none. */
export async function getSolution(db: Db, slug: string): Promise<Solution | null> {
  return unwrapOptional(await db.from('solutions').select('*').eq('slug', slug).maybeSingle(), 'Failed to fetch solution')
}

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

/** Slug and title of every solution, for the contact form's 'interested in' list. */
export async function getSolutionOptions(db: Db): Promise<{ slug: string; title: string }[]> {
  return unwrap(await db.from('solutions').select('slug, title').order('created_at', { ascending: true }), 'Failed to fetch solutions')
}
