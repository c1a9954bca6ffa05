import { Download, Trash2, UserMinus } from 'lucide-react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { subscriberMessages as text, type Subscriber } from '~/entities/subscriber'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { badge, buttonSecondary, card, iconButton, iconButtonDanger } from '../../components/styles'
import { today, useCsvExport } from '../../lib/csv'
import { matches } from '../../lib/text'
import { useFormatTime } from '../../lib/time-zone'
import { useAdminAction } from '../../lib/use-admin-action'
import { useUrlFilters } from '../../lib/use-url-filters'
import { mailingListCsv, subscribersAuditCsv } from '../api/subscribers'

/** The newsletter's subscribers, searchable by e-mail (in the URL), with unsubscribe and delete. */
export function SubscribersScreen({ subscribers: all }: { subscribers: Subscriber[] }) {
  const action = useAdminAction()
  const exportCsv = useCsvExport()
  const { confirm, element: confirmDialog } = useConfirm()
  const filters = useUrlFilters({ q: '' })
  const formatTime = useFormatTime()
  const shown = all.filter((s) => matches(filters.values.q, s.email))
  const active = all.filter((s) => s.status === 'subscribed').length

  const stop = async (subscriber: Subscriber) => {
    if (await confirm(`Unsubscribe ${subscriber.email} from the newsletter?`, { confirmLabel: 'Unsubscribe' }))
      await action.submit({ intent: 'unsubscribe', id: subscriber.id })
  }

  const remove = async (subscriber: Subscriber) => {
    if (await confirm(text.confirmDelete)) await action.submit({ intent: 'delete', id: subscriber.id })
  }

  return (
    <>
      <PageHeader
        title="Subscribers"
        subtitle={`Newsletter sign-ups · ${active} subscribed`}
        action={
          <span className="flex flex-wrap gap-2">
            <button
              type="button"
              className={buttonSecondary}
              disabled={!active}
              title="Confirmed subscribers with their unsubscribe links, for a mailing tool"
              onClick={() => void exportCsv(`mailing-list-${today()}.csv`, mailingListCsv(shown, window.location.origin))}
            >
              <Download aria-hidden className="size-4" /> Export for mailing
            </button>
            <button
              type="button"
              className={buttonSecondary}
              disabled={!all.length}
              title="Every sign-up with its status and consent, for an audit"
              onClick={() => void exportCsv(`subscribers-audit-${today()}.csv`, subscribersAuditCsv(shown))}
            >
              <Download aria-hidden className="size-4" /> Export all (audit)
            </button>
          </span>
        }
      />
      <SearchBox value={filters.values.q} onChange={(q) => filters.set({ q })} placeholder="Search subscribers..." />
      {shown.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <ul className={`${card} divide-y divide-slate-100`}>
          {shown.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-3 px-4 py-2.5">
              <span className="min-w-0 flex-1 truncate text-sm text-slate-900">{s.email}</span>
              <span className={`${badge} ${s.status === 'subscribed' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
                {s.status === 'subscribed' ? 'Subscribed' : s.status === 'pending' ? 'Awaiting confirmation' : 'Unsubscribed'}
              </span>
              <span className="w-24 text-xs text-slate-500">{formatTime(s.created_at, 'date')}</span>
              <span className="flex gap-1">
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Unsubscribe ${s.email}`}
                  disabled={s.status === 'unsubscribed'}
                  onClick={() => void stop(s)}
                >
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
