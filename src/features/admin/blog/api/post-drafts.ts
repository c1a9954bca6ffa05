// A post's draft copy: the editor autosaves into it, "Update" publishes it, and it can be discarded.
// The live post changes only when the copy is published (publish_post_draft), in one update.
import { blogPostMessages as m, type BlogPostInput, type BlogPostValues, type EditablePost, type BlogPost, type PostDraftCopy } from '~/entities/blog-post'
import type { Json, TablesInsert } from '~/lib/database.types'
import { check, unwrap, unwrapOptional, type Db } from '~/lib/supabase'

/** One post's draft copy, when it has one. */
export async function getPostDraft(db: Db, id: string): Promise<PostDraftCopy | null> {
  const row = unwrapOptional(await db.from('blog_post_drafts').select('post_values, updated_at').eq('id', id).maybeSingle(), m.fetchFailed)
  return row ? { values: row.post_values as Partial<BlogPostInput>, savedAt: row.updated_at } : null
}

/** Every draft copy, by post id. */
export async function listPostDrafts(db: Db): Promise<Map<string, PostDraftCopy>> {
  const rows = unwrap(await db.from('blog_post_drafts').select('id, post_values, updated_at'), m.fetchFailed)
  return new Map(rows.map((row) => [row.id, { values: row.post_values as Partial<BlogPostInput>, savedAt: row.updated_at }]))
}

/** The posts with their draft copies. */
export function withDrafts(posts: BlogPost[], drafts: Map<string, PostDraftCopy>): EditablePost[] {
  return posts.map((post) => ({ ...post, draft: drafts.get(post.id) ?? null }))
}

/** Autosaves what the editor holds, as typed (it may not pass the form's rules yet). */
export async function savePostDraft(db: Db, id: string, values: Partial<BlogPostInput> | TablesInsert<'blog_posts'>): Promise<string> {
  const draft: TablesInsert<'blog_post_drafts'> = { id, post_values: values as NonNullable<Json> }
  const rows = unwrap(await db.from('blog_post_drafts').upsert(draft, { onConflict: 'id' }).select('updated_at'), m.updateFailed)
  const saved = rows.at(0)
  if (!saved) throw new Error(`${m.updateFailed}: the draft copy was not stored`)
  return saved.updated_at
}

export async function discardPostDraft(db: Db, id: string): Promise<void> {
  check(await db.from('blog_post_drafts').delete().eq('id', id), m.draftDiscardFailed)
}

/**
 * "Update": the checked row becomes the draft copy, and the copy the post. `version` is the
 * post's updated_at as the editor opened it; a later save by someone else refuses it
 * (StaleVersionError) and leaves the copy as it is. Resolves with the post's new updated_at.
 */
export async function publishPostDraft(db: Db, id: string, values: BlogPostValues, version?: string): Promise<string> {
  await savePostDraft(db, id, values)
  check(await db.rpc('publish_post_draft', { post_id: id, ...(version ? { version } : {}) }), m.updateFailed)
  return unwrap<{ updated_at: string }>(await db.from('blog_posts').select('updated_at').eq('id', id).single(), m.updateFailed).updated_at
}
