// A post's draft copy: the editor autosaves into it, "Update" publishes it, and it can be discarded.
// The live post changes only when the copy is published (publish_post_draft), in one update. The
// copy is the post's pending change (content_drafts), as every kind under sign-off has.
import { blogPostMessages as m, type BlogPostInput, type BlogPostValues, type EditablePost, type BlogPost, type PostDraftCopy } from '~/entities/blog-post'
import type { TablesInsert } from '~/lib/database.types'
import { check, unwrap, type Db } from '~/lib/supabase'
import { discardPendingChange, getPendingChange, listPendingChanges, savePendingChange } from '../../reviews/api/pending-changes'

/** One post's draft copy, when it has one. */
export async function getPostDraft(db: Db, id: string): Promise<PostDraftCopy | null> {
  return getPendingChange<BlogPostInput>(db, 'post', id, m.fetchFailed)
}

/** Every draft copy, by post id. */
export async function listPostDrafts(db: Db): Promise<Map<string, PostDraftCopy>> {
  return listPendingChanges<BlogPostInput>(db, 'post', m.fetchFailed)
}

/** The posts with their draft copies. */
export function withDrafts(posts: BlogPost[], drafts: Map<string, PostDraftCopy>): EditablePost[] {
  return posts.map((post) => ({ ...post, draft: drafts.get(post.id) ?? null }))
}

/** Autosaves what the editor holds, as typed (it may not pass the form's rules yet). */
export async function savePostDraft(db: Db, id: string, values: Partial<BlogPostInput> | TablesInsert<'blog_posts'>): Promise<string> {
  return savePendingChange(db, 'post', id, values, m.updateFailed)
}

export async function discardPostDraft(db: Db, id: string): Promise<void> {
  return discardPendingChange(db, 'post', id, m.draftDiscardFailed)
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
