import { clientMessages, clientSchema } from '~/entities/client'
import { createClient, deleteClient, listClients, updateClient } from '~/features/admin/clients/api/clients'
import { clientsResource } from '~/features/admin/clients/clients-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, crudIntents, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/clients'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Clients')

export async function clientLoader() {
  return { clients: await loadOr(clientMessages.fetchFailed, listClients, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(
  crudIntents({ schema: clientSchema, messages: clientMessages, toast: 'done' }, { create: createClient, update: updateClient, remove: deleteClient }),
)

export default function AdminClientsRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={clientsResource} rows={loaderData.clients} />
}
