// The writes of a post's page, as action intents its route modules compose: Create, Update (the
// checked values become the draft copy and the copy the post), the autosave, discarding the draft
// copy, preview links, a review request, adding to a release and restoring a version.
import { blogPostMessages, blogPostSchema, type BlogPostInput } from '~/entities/blog-post'
import { postPreviewMessages } from '~/entities/post-preview'
import { revisionMessages } from '~/entities/revision'
import { attempt, attemptWith, parseValues, versionOf, type Intent } from '../lib/admin-action'
import { restoreRevision } from '../lib/revisions'
import { signOffActions } from '../reviews/sign-off-intents'
import { createBlogPost } from './api/blog-posts'
import { discardPostDraft, publishPostDraft, savePostDraft } from './api/post-drafts'
import { revokePreviewLink } from './api/preview-links'
import { sharePreview } from './share-preview'

/** "Create Post": the new post's id comes back, and its page opens. */
export const createPost: Intent = async (db, body) => {
  const input = parseValues(blogPostSchema, body.values, blogPostMessages.createFailed)
  if ('error' in input) return input.error
  return attemptWith(
    (id) => ({ id }),
    () => createBlogPost(db, input.values),
    blogPostMessages.createFailed,
    blogPostMessages.created,
  )
}

/** A review of the post's current version (its draft copy applied), and adding it to a release. */
export const postSignOff = signOffActions('post')

export const postPageIntents: Record<string, Intent> = {
  // "Update Post" publishes the post's draft copy: one version of the post per Update.
  update: async (db, body) => {
    const input = parseValues(blogPostSchema, body.values, blogPostMessages.updateFailed)
    if ('error' in input) return input.error
    return attemptWith(
      (version) => ({ version }),
      () => publishPostDraft(db, String(body.id), input.values, versionOf(body)),
      blogPostMessages.updateFailed,
      blogPostMessages.updated,
    )
  },
  // What is typed, as typed: no toast, and the page is not read again.
  autosave: async (db, body) => {
    if (typeof body.values !== 'object' || body.values === null || Array.isArray(body.values)) return { ok: false }
    try {
      return { ok: true, autosaved: true, savedAt: await savePostDraft(db, String(body.id), body.values as Partial<BlogPostInput>) }
    } catch (error) {
      console.error('Autosave failed', error)
      return { ok: false, autosaved: true }
    }
  },
  discardDraft: (db, body) => attempt(() => discardPostDraft(db, String(body.id)), blogPostMessages.draftDiscardFailed, blogPostMessages.draftDiscarded),
  sharePreview,
  revokePreview: (db, body) => attempt(() => revokePreviewLink(db, String(body.previewId)), postPreviewMessages.revokeFailed, postPreviewMessages.revoked),
  ...postSignOff,
  // A version restored from the open page replaces what it showed: its unpublished copy goes too.
  restore: (db, body) =>
    attempt(
      async () => {
        await restoreRevision(db, Number(body.revisionId))
        await discardPostDraft(db, String(body.id))
      },
      revisionMessages.restoreFailed,
      revisionMessages.restored,
    ),
}
