import { unwrap, type Db } from '~/lib/supabase'

/** Slug and title of every solution, for the contact form's 'interested in' list. */
export async function getSolutionOptions(db: Db): Promise<{ slug: string; title: string }[]> {
  return unwrap(await db.from('solutions').select('slug, title').order('created_at', { ascending: true }), 'Failed to fetch solutions')
}
