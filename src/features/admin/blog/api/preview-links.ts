import { postPreviewMessages as m, type PostPreview } from '~/entities/post-preview'
import { check, unwrap, type Db } from '~/lib/supabase'

/** A post's links that still open it (not revoked, not expired), newest first. */
export async function listPreviewLinks(db: Db, postId: string): Promise<PostPreview[]> {
  return unwrap(
    await db
      .from('post_previews')
      .select('id, post_id, created_at, expires_at, revoked_at')
      .eq('post_id', postId)
      .is('revoked_at', null)
      .gt('expires_at', new Date().toISOString())
      .order('created_at', { ascending: false }),
    m.fetchFailed,
  )
}

/** Makes a 7-day link; returns its token, which only this answer ever holds. */
export async function createPreviewLink(db: Db, postId: string): Promise<string> {
  return unwrap(await db.rpc('create_post_preview', { post_id: postId }), m.createFailed)
}

/** Stops a link at once. Nothing is read back: the token's hash is not a column staff may read. */
export async function revokePreviewLink(db: Db, id: string): Promise<void> {
  check(await db.from('post_previews').update({ revoked_at: new Date().toISOString() }).eq('id', id), m.revokeFailed)
}
