import { blogPostMessages as m, type BlogPost, type BlogPostValues } from '~/entities/blog-post'
import { unwrap, unwrapOptional, type Db, versioned } from '~/lib/supabase'

/** Every post, drafts included, newest first. */
export async function listBlogPosts(db: Db): Promise<BlogPost[]> {
  return unwrap(await db.from('blog_posts').select('*').order('created_at', { ascending: false }), m.fetchFailed)
}

/** One post, or null when there is none with that id (deleted, or never made). */
export async function getBlogPost(db: Db, id: string): Promise<BlogPost | null> {
  return unwrapOptional(await db.from('blog_posts').select('*').eq('id', id).maybeSingle(), m.fetchFailed)
}

/** The categories posts use, for the editor's suggestions. */
export async function listPostCategories(db: Db): Promise<string[]> {
  const rows = unwrap(await db.from('blog_posts').select('category'), m.fetchFailed)
  return [...new Set(rows.map((row) => row.category))].sort((a, b) => a.localeCompare(b))
}

/** Resolves with the new post's id. */
export async function createBlogPost(db: Db, values: BlogPostValues): Promise<string> {
  return unwrap<{ id: string }>(await db.from('blog_posts').insert(values).select('id').single(), m.createFailed).id
}

/** Resolves with the post's new updated_at. */
export async function updateBlogPost(db: Db, id: string, values: BlogPostValues, version?: string): Promise<string> {
  return unwrap<{ updated_at: string }>(
    await db
      .from('blog_posts')
      .update({ ...values, ...versioned(version) })
      .eq('id', id)
      .select('updated_at')
      .single(),
    m.updateFailed,
  ).updated_at
}

/**
 * Publish (at `publishAt`, now unless the post is scheduled later) or unpublish; updated_at is
 * stamped by the database.
 */
export async function setBlogPostPublished(db: Db, id: string, published: boolean, publishAt?: string): Promise<void> {
  const change = published ? { published, publish_at: publishAt ?? new Date().toISOString() } : { published }
  unwrap(await db.from('blog_posts').update(change).eq('id', id).select('id').single(), m.updateFailed)
}

export async function deleteBlogPost(db: Db, id: string): Promise<void> {
  unwrap(await db.from('blog_posts').delete().eq('id', id).select('id').single(), m.deleteFailed)
}

/**
 * Publishes or unpublishes several posts; the ones already so are left alone. A draft published
 * goes live now, or at its scheduled time when that is still ahead. Resolves with how many changed.
 */
export async function setBlogPostsPublished(db: Db, ids: string[], published: boolean): Promise<number> {
  if (!published) {
    return unwrap(await db.from('blog_posts').update({ published }).in('id', ids).eq('published', true).select('id'), m.updateFailed).length
  }
  const now = new Date().toISOString()
  const due = unwrap(
    await db.from('blog_posts').update({ published, publish_at: now }).in('id', ids).eq('published', false).lte('publish_at', now).select('id'),
    m.updateFailed,
  )
  const scheduled = unwrap(
    await db.from('blog_posts').update({ published }).in('id', ids).eq('published', false).gt('publish_at', now).select('id'),
    m.updateFailed,
  )
  return due.length + scheduled.length
}

/** Deletes several posts; resolves with how many went. */
export async function deleteBlogPosts(db: Db, ids: string[]): Promise<number> {
  return unwrap(await db.from('blog_posts').delete().in('id', ids).select('id'), m.deleteFailed).length
}
