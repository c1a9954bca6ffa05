import type { Tables } from '~/lib/database.types'
import { unwrapOptional, type Db } from '~/lib/supabase'

export type Post = Tables<'blog_posts'>

/** A published post by slug, or null (unknown or draft). */
export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  return unwrapOptional(await db.from('blog_posts').select('*').eq('slug', slug).eq('published', true).maybeSingle(), 'Failed to fetch blog post')
}
