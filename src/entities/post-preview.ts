// A preview link of a post not yet live, as staff see it: never its token or the token's hash.
import type { Tables } from '~/lib/database.types'

export type PostPreview = Pick<Tables<'post_previews'>, 'id' | 'post_id' | 'created_at' | 'expires_at' | 'revoked_at'>

/** The address a preview link's token opens, on this site. */
export function previewPath(token: string): string {
  return `/preview/${token}`
}

export const postPreviewMessages = {
  created: 'Preview link created',
  createFailed: 'Failed to create preview link',
  revoked: 'Preview link revoked',
  revokeFailed: 'Failed to revoke preview link',
  fetchFailed: 'Failed to fetch preview links',
  none: 'No active preview links',
  shownOnce: 'Copy it now: the link is shown only once.',
}
