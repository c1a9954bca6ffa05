import { useOutletContext } from 'react-router'
import { InboxManager } from '~/features/admin/inbox/components/inbox-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/inbox'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Inbox')

export default function AdminInboxRoute() {
  // The shell's sidebar shows the count of new messages: reload it after a change here.
  const { refreshCounts } = useOutletContext<{ refreshCounts: () => void }>()
  return <InboxManager onChange={refreshCounts} />
}
