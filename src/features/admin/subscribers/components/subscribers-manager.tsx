import { Download, Trash2, UserMinus } from 'lucide-react'
import { useState } from 'react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { useAdminDb } from '../../components/admin-db-context'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { Spinner } from '../../components/spinner'
import { badge, buttonSecondary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { downloadCsv, today } from '../../lib/csv'
import { listChange } from '../../lib/list-change'
import { matches, shortDate } from '../../lib/text'
import { useAdminList } from '../../lib/use-admin-list'
import { deleteSubscriber, listSubscribers, subscribersCsv, unsubscribe, type Subscriber } from '../api/subscribers'

export function SubscribersManager() {
  const db = useAdminDb()
  const list = useAdminList(listSubscribers, 'Failed to fetch subscribers')
  const change = listChange(list.reload)
  const { confirm, element: confirmDialog } = useConfirm()
  const [query, setQuery] = useState('')
  const all = list.data ?? []
  const shown = all.filter((s) => matches(query, s.email))
  const active = all.filter((s) => s.status === 'subscribed').length

  const stop = async (subscriber: Subscriber) => {
    if (!(await confirm(`Unsubscribe ${subscriber.email} from the newsletter?`, { confirmLabel: 'Unsubscribe' }))) return
    await change(() => unsubscribe(db, subscriber.id), { failure: 'Failed to unsubscribe', success: 'Subscriber unsubscribed successfully' })
  }

  const remove = async (subscriber: Subscriber) => {
    if (!(await confirm('Are you sure you want to delete this subscriber?'))) return
    await change(() => deleteSubscriber(db, subscriber.id), { failure: 'Failed to delete subscriber', success: 'Subscriber deleted successfully' })
  }

  return (
    <>
      <PageHeader
        title="Subscribers"
        subtitle={`Newsletter sign-ups · ${active} subscribed`}
        action={
          <button type="button" className={buttonSecondary} disabled={!all.length} onClick={() => downloadCsv(`subscribers-${today()}.csv`, subscribersCsv(shown))}>
            <Download aria-hidden className="size-4" /> Export CSV
          </button>
        }
      />
      <SearchBox value={query} onChange={setQuery} placeholder="Search subscribers..." />
      {list.loading ? (
        <Spinner />
      ) : shown.length === 0 ? (
        <EmptyState title="No subscribers found" />
      ) : (
        <ul className={`${card} divide-y divide-slate-100`}>
          {shown.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5">
              <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{s.email}</span>
              <span className={`${badge} ${s.status === 'subscribed' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                {s.status === 'subscribed' ? 'Subscribed' : 'Unsubscribed'}
              </span>
              <span className="w-24 text-xs text-slate-500">{shortDate(s.created_at)}</span>
              <span className="flex gap-1">
                <button type="button" className={iconButton} aria-label={`Unsubscribe ${s.email}`} disabled={s.status !== 'subscribed'} onClick={() => void stop(s)}>
                  <UserMinus aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButtonDanger} aria-label={`Delete ${s.email}`} onClick={() => void remove(s)}>
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {confirmDialog}
    </>
  )
}
