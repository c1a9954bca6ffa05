import { useLocation, useNavigate } from 'react-router'
import { blogPostMessages } from '~/entities/blog-post'
import { listPostCategories } from '~/features/admin/blog/api/blog-posts'
import { PostEditor } from '~/features/admin/blog/components/post-editor'
import { createPost } from '~/features/admin/blog/post-intents'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { useBackToList } from '~/features/admin/lib/back-to-list'
import type { Route } from './+types/blog-new'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('New Blog Post')

export async function clientLoader() {
  return { categories: await loadOr(blogPostMessages.fetchFailed, listPostCategories, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// A new post has no row until Create: what is typed meanwhile stays in this browser.
export const clientAction = adminAction({ create: createPost })

export default function AdminBlogNewRoute({ loaderData }: Route.ComponentProps) {
  const back = useBackToList('/admin/blog')
  const navigate = useNavigate()
  const location = useLocation()
  return (
    <PostEditor
      item={null}
      latest={null}
      back={back}
      categories={loaderData.categories}
      previewLinks={[]}
      // The post's own page takes this one's place in the history: Back still returns to the list.
      onCreated={(id) => navigate(`/admin/blog/${id}`, { replace: true, state: location.state })}
    />
  )
}
