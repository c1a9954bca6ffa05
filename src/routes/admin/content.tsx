import { ContentManager } from '~/features/admin/content/components/content-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/content'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Website Content')

export default function AdminContentManagerRoute() {
  return <ContentManager />
}
