import { blogPostMessages, bulkPostMessage, type BulkPostOperation } from '~/entities/blog-post'
import { deleteBlogPost, deleteBlogPosts, listBlogPosts, setBlogPostPublished, setBlogPostsPublished } from '~/features/admin/blog/api/blog-posts'
import { listPostDrafts, withDrafts } from '~/features/admin/blog/api/post-drafts'
import { blogResource } from '~/features/admin/blog/blog-resource'
import { postSignOff } from '~/features/admin/blog/post-intents'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { useSiteSettings } from '~/features/settings/use-site-settings'
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

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

/** The time a publish asks for, when it is one. */
function publishTimeOf(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined
}

const BULK_OPERATIONS: readonly BulkPostOperation[] = ['publish', 'unpublish', 'delete']

function idsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string').slice(0, 500) : []
}

// The list's writes; a post is written on its own page (blog-new.tsx, blog-post.tsx).
export const clientAction = adminAction({
  ...revisionIntents,
  delete: (db, body) => attempt(() => deleteBlogPost(db, String(body.id)), blogPostMessages.deleteFailed, blogPostMessages.deleted),
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
  ...postSignOff,
})

export default function AdminBlogRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ResourceScreen resource={blogResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
