import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { blogPostMessages, blogPostSchema, bulkPostMessage, type BlogPostInput, type BulkPostOperation } from '~/entities/blog-post'
import {
  createBlogPost,
  deleteBlogPost,
  deleteBlogPosts,
  listBlogPosts,
  setBlogPostPublished,
  setBlogPostsPublished,
  updateBlogPost,
} from '~/features/admin/blog/api/blog-posts'
import { discardPostDraft, listPostDrafts, publishPostDraft, savePostDraft, withDrafts } from '~/features/admin/blog/api/post-drafts'
import { postPreviewMessages } from '~/entities/post-preview'
import { revokePreviewLink } from '~/features/admin/blog/api/preview-links'
import { sharePreview } from '~/features/admin/blog/share-preview'
import { blogResource } from '~/features/admin/blog/blog-resource'
import { reviewMessages } from '~/entities/content-review'
import { addToRelease } from '~/features/admin/reviews/api/releases'
import { loadSignOff, NO_SIGN_OFF, requestReview } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, crudIntents, loadOr, parseValues, versionOf, type ActionResult } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { reloadOnWritesOnly } from '~/features/admin/lib/use-url-filters'
import type { Route } from './+types/blog'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Blog Posts')

export async function clientLoader() {
  const [rows, signOff] = await Promise.all([
    loadOr(blogPostMessages.fetchFailed, async (db) => withDrafts(await listBlogPosts(db), await listPostDrafts(db)), []),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'post'), NO_SIGN_OFF),
  ])
  return { rows, signOff }
}

/** An autosave changes nothing the list shows: the list is not loaded again for it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if ((args.actionResult as ActionResult | undefined)?.autosaved) return false
  return reloadOnWritesOnly(args)
}

/** The time a publish asks for, when it is one. */
function publishTimeOf(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined
}

const BULK_OPERATIONS: readonly BulkPostOperation[] = ['publish', 'unpublish', 'delete']

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string').slice(0, 500) : []
}

const crud = crudIntents({ schema: blogPostSchema, messages: blogPostMessages }, { create: createBlogPost, update: updateBlogPost, remove: deleteBlogPost })

export const clientAction = adminAction({
  ...revisionIntents,
  ...crud,
  // "Update Post" publishes the post's draft copy: one version of the post per Update.
  update: async (db, body) => {
    const input = parseValues(blogPostSchema, body.values, blogPostMessages.updateFailed)
    if ('error' in input) return input.error
    return attempt(() => publishPostDraft(db, String(body.id), input.values, versionOf(body)), blogPostMessages.updateFailed, blogPostMessages.updated)
  },
  // What is typed, as typed: no toast, and the list is not loaded again.
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
  publish: (db, body) =>
    attempt(
      () => setBlogPostPublished(db, String(body.id), body.published === true, publishTimeOf(body.publishAt)),
      blogPostMessages.updateFailed,
      body.published === true ? blogPostMessages.published : blogPostMessages.unpublished,
    ),
  bulk: async (db, body) => {
    const operation = BULK_OPERATIONS.find((o) => o === body.operation)
    const ids = idsOf(body.ids)
    if (!operation || ids.length === 0) return { ok: false, toast: { kind: 'error', message: blogPostMessages.bulkFailed } }
    let count = 0
    const result = await attempt(async () => {
      count = operation === 'delete' ? await deleteBlogPosts(db, ids) : await setBlogPostsPublished(db, ids, operation === 'publish')
    }, blogPostMessages.bulkFailed)
    return result.ok ? { ok: true, toast: { kind: 'success', message: bulkPostMessage(operation, count) } } : result
  },
  sharePreview,
  requestReview: (db, body) => attempt(() => requestReview(db, 'post', String(body.id), null), reviewMessages.requestFailed, reviewMessages.requested),
  addToRelease: (db, body) => attempt(() => addToRelease(db, String(body.release), 'post', String(body.id)), reviewMessages.addFailed, reviewMessages.added),
  revokePreview: (db, body) => attempt(() => revokePreviewLink(db, String(body.previewId)), postPreviewMessages.revokeFailed, postPreviewMessages.revoked),
})

export default function AdminBlogRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReviewStates signOff={loaderData.signOff}>
      <ResourceScreen resource={blogResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
