import { unwrapOptional, type Db } from '~/lib/supabase'
import type { Post } from './get-post'

/** A preview link's token has this shape; anything else is not worth a database call. */
const TOKEN = /^[0-9a-f]{64}$/

/** The post a preview link opens, draft or scheduled, or null (unknown, expired or revoked link). */
export async function getPreviewPost(db: Db, token: string): Promise<Post | null> {
  if (!TOKEN.test(token)) return null
  return unwrapOptional(await db.rpc('post_preview', { token }).maybeSingle(), 'Failed to fetch preview')
}
