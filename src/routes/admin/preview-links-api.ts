// A post's active preview links, for its editor: read when the editor opens, and again after every write.
import { postPreviewMessages } from '~/entities/post-preview'
import { listPreviewLinks } from '~/features/admin/blog/api/preview-links'
import { loadOr } from '~/features/admin/lib/admin-action'
import type { Route } from './+types/preview-links-api'

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return { links: await loadOr(postPreviewMessages.fetchFailed, (db) => listPreviewLinks(db, params.postId), []) }
}
