import { blogPostMessages, blogPostSchema } from '~/entities/blog-post'
import { postPreviewMessages, previewPath } from '~/entities/post-preview'
import { createBlogPost, deleteBlogPost, listBlogPosts, setBlogPostPublished, updateBlogPost } from '~/features/admin/blog/api/blog-posts'
import { createPreviewLink, revokePreviewLink } from '~/features/admin/blog/api/preview-links'
import { blogResource } from '~/features/admin/blog/blog-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, crudIntents, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import type { Route } from './+types/blog'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Blog Posts')

export async function clientLoader() {
  return { rows: await loadOr(blogPostMessages.fetchFailed, listBlogPosts, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

/** The time a publish asks for, when it is one. */
function publishTimeOf(value: unknown): string | undefined {
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : undefined
}

export const clientAction = adminAction({
  ...revisionIntents,
  ...crudIntents({ schema: blogPostSchema, messages: blogPostMessages }, { create: createBlogPost, update: updateBlogPost, remove: deleteBlogPost }),
  publish: (db, body) =>
    attempt(
      () => setBlogPostPublished(db, String(body.id), body.published === true, publishTimeOf(body.publishAt)),
      blogPostMessages.updateFailed,
      body.published === true ? blogPostMessages.published : blogPostMessages.unpublished,
    ),
  sharePreview: async (db, body) => {
    let token = ''
    const result = await attempt(
      async () => (token = await createPreviewLink(db, String(body.id))),
      postPreviewMessages.createFailed,
      postPreviewMessages.created,
    )
    return result.ok ? { ...result, link: previewPath(token) } : result
  },
  revokePreview: (db, body) => attempt(() => revokePreviewLink(db, String(body.previewId)), postPreviewMessages.revokeFailed, postPreviewMessages.revoked),
})

export default function AdminBlogRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={blogResource} rows={loaderData.rows} />
}
