import { clientMessages, clientSchema } from '~/entities/client'
import { createClient, deleteClient, listClients, updateClient } from '~/features/admin/clients/api/clients'
import { clientsResource } from '~/features/admin/clients/clients-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { signOffIntents } from '~/features/admin/reviews/sign-off-intents'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/clients'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Clients')

export async function clientLoader() {
  const [clients, signOff] = await Promise.all([
    loadOr(clientMessages.fetchFailed, listClients, []),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'client'), NO_SIGN_OFF),
  ])
  return { clients, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(
  signOffIntents(
    'client',
    { schema: clientSchema, messages: clientMessages, toast: 'done' },
    { create: createClient, update: updateClient, remove: deleteClient },
    approvalRequired,
  ),
)

export default function AdminClientsRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ResourceScreen resource={clientsResource} rows={loaderData.clients} />
    </ReviewStates>
  )
}
