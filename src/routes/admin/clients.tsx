import { ClientsManager } from '~/features/admin/clients/components/clients-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/clients'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Clients')

export default function AdminClientsManagerRoute() {
  return <ClientsManager />
}
