import { BlogManager } from '~/features/admin/blog/components/blog-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/blog'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Blog Posts')

export default function AdminBlogManagerRoute() {
  return <BlogManager />
}
