import type { Tables } from '~/lib/database.types'
import { unwrap, type Db, unwrapOptional } from '~/lib/supabase'

export type PostSummary = Pick<
  Tables<'blog_posts'>,
  'id' | 'slug' | 'title' | 'excerpt' | 'category' | 'featured_image' | 'author_name' | 'author_avatar' | 'tags' | 'publish_at'
>

const SUMMARY = 'id, slug, title, excerpt, category, featured_image, author_name, author_avatar, tags, publish_at'

/** Published posts, newest first, without their bodies. */
export async function getPublishedPosts(db: Db): Promise<PostSummary[]> {
  return unwrap(await db.from('blog_posts').select(SUMMARY).eq('published', true).order('publish_at', { ascending: false }), 'Failed to fetch blog posts')
}

/** Up to `limit` other published posts of the same category, newest first. */
export async function getRelatedPosts(db: Db, category: string, slug: string, limit = 3): Promise<PostSummary[]> {
  return unwrap(
    await db
      .from('blog_posts')
      .select(SUMMARY)
      .eq('published', true)
      .eq('category', category)
      .neq('slug', slug)
      .order('publish_at', { ascending: false })
      .limit(limit),
    'Failed to fetch blog posts',
  )
}

export type Post = Tables<'blog_posts'>

/** A published post by slug, or null (unknown or draft). */
export async function getPublishedPost(db: Db, slug: string): Promise<Post | null> {
  return unwrapOptional(await db.from('blog_posts').select('*').eq('slug', slug).eq('published', true).maybeSingle(), 'Failed to fetch blog post')
}

/** A preview link's token has this shape; anything else is not worth a database call. */
const PREVIEW_TOKEN = /^[0-9a-f]{64}$/

/** The post a preview link opens, draft or scheduled, or null (unknown, expired or revoked link). */
export async function getPreviewPost(db: Db, token: string): Promise<Post | null> {
  if (!PREVIEW_TOKEN.test(token)) return null
  return unwrapOptional(await db.rpc('post_preview', { token }).maybeSingle(), 'Failed to fetch preview')
}
