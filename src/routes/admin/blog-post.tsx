import { useState } from 'react'
import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { blogPostMessages, type EditablePost } from '~/entities/blog-post'
import { reviewMessages } from '~/entities/content-review'
import { postPreviewMessages } from '~/entities/post-preview'
import { getBlogPost, listPostCategories } from '~/features/admin/blog/api/blog-posts'
import { getPostDraft } from '~/features/admin/blog/api/post-drafts'
import { listPreviewLinks } from '~/features/admin/blog/api/preview-links'
import { PostEditor } from '~/features/admin/blog/components/post-editor'
import { postPageIntents } from '~/features/admin/blog/post-intents'
import { MissingItem } from '~/features/admin/components/resource-page'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { adminAction, loadOr, type ActionResult } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { useBackToList } from '~/features/admin/lib/back-to-list'
import { reloadOnWritesOnly } from '~/features/admin/lib/use-url-filters'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import type { Route } from './+types/blog-post'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.post ? `Edit: ${data.post.title}` : 'Blog Post')

/** The post with its draft copy, its sign-off (review, open releases), its preview links and the categories posts use. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = params.id
  const [post, signOff, previewLinks, categories] = await Promise.all([
    loadOr(
      blogPostMessages.fetchFailed,
      async (db): Promise<EditablePost | null> => {
        const [row, draft] = await Promise.all([getBlogPost(db, id), getPostDraft(db, id)])
        return row ? { ...row, draft } : null
      },
      null,
    ),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'post'), NO_SIGN_OFF),
    loadOr(postPreviewMessages.fetchFailed, (db) => listPreviewLinks(db, id), []),
    loadOr(blogPostMessages.fetchFailed, listPostCategories, []),
  ])
  return { post, signOff, previewLinks, categories }
}

/** An autosave changes nothing the page shows: it is not read again for it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs): boolean {
  if ((args.actionResult as ActionResult | undefined)?.autosaved) return false
  return reloadOnWritesOnly(args)
}

export const clientAction = adminAction(postPageIntents)

export default function AdminBlogPostRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  const back = useBackToList('/admin/blog')
  // Starts again from the post as it is now after a version is restored.
  const [opening, setOpening] = useState(0)
  const { post } = loaderData
  if (!post) return <MissingItem noun="post" back={back} listLabel="blog posts" />
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <PostEditor
        key={`${post.id}:${opening}`}
        item={post}
        latest={post}
        back={back}
        categories={loaderData.categories}
        previewLinks={loaderData.previewLinks}
        onRestored={() => setOpening((n) => n + 1)}
      />
    </ReviewStates>
  )
}
