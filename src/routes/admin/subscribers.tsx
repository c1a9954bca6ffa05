import { SubscribersManager } from '~/features/admin/subscribers/components/subscribers-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/subscribers'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Subscribers')

export default function AdminSubscribersManagerRoute() {
  return <SubscribersManager />
}
