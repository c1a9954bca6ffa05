import { subscriberMessages as text } from '~/entities/subscriber'
import { deleteSubscriber, listSubscribers, unsubscribe } from '~/features/admin/subscribers/api/subscribers'
import { SubscribersScreen } from '~/features/admin/subscribers/components/subscribers-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { exportIntent } from '~/features/admin/lib/personal-data'
import type { Route } from './+types/subscribers'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Subscribers')

export async function clientLoader() {
  return { subscribers: await loadOr(text.fetchFailed, listSubscribers, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction({
  export: exportIntent('subscribers_export'),
  unsubscribe: (db, body) => attempt(() => unsubscribe(db, String(body.id)), text.unsubscribeFailed, text.unsubscribed),
  delete: (db, body) => attempt(() => deleteSubscriber(db, String(body.id)), text.deleteFailed, text.deleted),
})

export default function AdminSubscribersRoute({ loaderData }: Route.ComponentProps) {
  return <SubscribersScreen subscribers={loaderData.subscribers} />
}
