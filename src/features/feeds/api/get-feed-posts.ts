import type { Tables } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'

export type FeedPost = Pick<Tables<'blog_posts'>, 'slug' | 'title' | 'excerpt' | 'category' | 'author_name' | 'publish_at' | 'updated_at'>

/** How many posts the RSS feed carries. */
export const FEED_SIZE = 20

/** The newest published posts, newest first, as the RSS feed lists them. */
export async function getFeedPosts(db: Db, limit = FEED_SIZE): Promise<FeedPost[]> {
  return unwrap(
    await db
      .from('blog_posts')
      .select('slug, title, excerpt, category, author_name, publish_at, updated_at')
      .eq('published', true)
      .order('publish_at', { ascending: false })
      .limit(limit),
    'Failed to fetch posts for the feed',
  )
}
