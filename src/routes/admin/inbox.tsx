import { contactMessageMessages as text, MESSAGE_STATUSES } from '~/entities/contact-message'
import { deleteContactMessage, listContactMessages, setMessageStatus } from '~/features/admin/inbox/api/contact-messages'
import { InboxScreen } from '~/features/admin/inbox/components/inbox-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { exportIntent } from '~/features/admin/lib/personal-data'
import type { Route } from './+types/inbox'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Inbox')

export async function clientLoader() {
  return { messages: await loadOr(text.fetchFailed, listContactMessages, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// After a write the router reloads the shell's data too, so the sidebar's count of new messages follows.
export const clientAction = adminAction({
  export: exportIntent('messages_export'),
  status: (db, body) => {
    const status = MESSAGE_STATUSES.find((s) => s === body.status)
    if (!status) return Promise.resolve({ ok: false, toast: { kind: 'error', message: text.updateFailed } })
    return attempt(() => setMessageStatus(db, String(body.id), status), text.updateFailed, status === 'handled' ? text.handled : text.markedNew)
  },
  delete: (db, body) => attempt(() => deleteContactMessage(db, String(body.id)), text.deleteFailed, text.deleted),
})

export default function AdminInboxRoute({ loaderData }: Route.ComponentProps) {
  return <InboxScreen messages={loaderData.messages} />
}
