import { postPreviewMessages, previewPath } from '~/entities/post-preview'
import { attempt, type Intent } from '~/features/admin/lib/admin-action'
import { createPreviewLink } from './api/preview-links'

/** An action intent: makes a 7-day preview link of post `body.id` and answers its address, shown once. */
export const sharePreview: Intent = async (db, body) => {
  let token = ''
  const result = await attempt(
    async () => (token = await createPreviewLink(db, String(body.id))),
    postPreviewMessages.createFailed,
    postPreviewMessages.created,
  )
  return result.ok ? { ...result, link: previewPath(token) } : result
}
