import { Download, Mail, MailOpen, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Dialog } from '~/components/ui/dialog'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { contactMessageMessages as text, type ContactMessage } from '~/entities/contact-message'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { badge, buttonDanger, buttonPrimary, buttonSecondary, card, input } from '../../components/styles'
import { today, useCsvExport } from '../../lib/csv'
import { matches } from '../../lib/text'
import { useFormatTime } from '../../lib/time-zone'
import { useAdminAction } from '../../lib/use-admin-action'
import { useUrlFilters } from '../../lib/use-url-filters'
import { messagesCsv } from '../api/contact-messages'

/** The Inbox: messages from the contact form, searchable and filtered by status (both in the URL). */
export function InboxScreen({ messages }: { messages: ContactMessage[] }) {
  const action = useAdminAction()
  const formatTime = useFormatTime()
  const exportCsv = useCsvExport()
  const { confirm, element: confirmDialog } = useConfirm()
  const [openId, setOpenId] = useState<string | null>(null)
  const filters = useUrlFilters({ q: '', status: '' })
  const { q: query, status: filter } = filters.values
  const shown = messages.filter((m) => (filter === '' || m.status === filter) && matches(query, m.first_name, m.last_name, m.email, m.interested_in, m.message))
  const open = messages.find((m) => m.id === openId) ?? null
  const newCount = messages.filter((m) => m.status === 'new').length

  const mark = (message: ContactMessage) => {
    void action.submit({ intent: 'status', id: message.id, status: message.status === 'new' ? 'handled' : 'new' })
  }

  const remove = async (message: ContactMessage) => {
    if (!(await confirm(text.confirmDelete))) return
    if ((await action.submit({ intent: 'delete', id: message.id })).ok) setOpenId(null)
  }

  return (
    <>
      <PageHeader
        title="Inbox"
        subtitle={`Messages from the contact form${newCount ? ` · ${newCount} new` : ''}`}
        action={
          <button
            type="button"
            className={buttonSecondary}
            disabled={!messages.length}
            onClick={() => void exportCsv(`messages-${today()}.csv`, messagesCsv(shown))}
          >
            <Download aria-hidden className="size-4" /> Export CSV
          </button>
        }
      />
      <div className="flex flex-wrap items-start gap-3">
        <div className="min-w-56 flex-1">
          <SearchBox value={query} onChange={(q) => filters.set({ q })} placeholder="Search messages..." />
        </div>
        <select aria-label="Status" className={`${input} w-auto`} value={filter} onChange={(e) => filters.set({ status: e.target.value })}>
          <option value="">All messages</option>
          <option value="new">New</option>
          <option value="handled">Handled</option>
        </select>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <ul className={`${card} divide-y divide-slate-100`}>
          {shown.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                onClick={() => setOpenId(m.id)}
                className="grid w-full gap-0.5 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-primary sm:grid-cols-[12rem_1fr_auto] sm:gap-4"
              >
                <span className={`truncate text-sm ${m.status === 'new' ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
                  {m.first_name} {m.last_name}
                </span>
                <span className="truncate text-sm text-slate-600">
                  {m.interested_in ? <span className="text-slate-800">{m.interested_in} · </span> : null}
                  {m.message}
                </span>
                <span className="flex items-center gap-2 text-xs text-slate-500">
                  {m.status === 'new' ? <span className={`${badge} bg-brand-primary/10 text-brand-primary`}>New</span> : null}
                  {formatTime(m.created_at, 'date')}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Dialog
        open={open !== null}
        onOpenChange={(next) => !next && setOpenId(null)}
        title={open ? `${open.first_name} ${open.last_name}` : 'Message'}
        widthClass="max-w-xl"
      >
        {open ? (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1">
              <dt className="text-slate-500">Email</dt>
              <dd>
                <a className="text-brand-primary underline" href={`mailto:${open.email}`}>
                  {open.email}
                </a>
              </dd>
              <dt className="text-slate-500">Interested in</dt>
              <dd>{open.interested_in || '—'}</dd>
              <dt className="text-slate-500">Received</dt>
              <dd>{formatTime(open.created_at, 'full', true)}</dd>
              <dt className="text-slate-500">Status</dt>
              <dd>{open.status === 'new' ? 'New' : 'Handled'}</dd>
            </dl>
            <p className="whitespace-pre-wrap rounded-md bg-slate-50 p-3 text-slate-800">{open.message}</p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className={buttonDanger} onClick={() => void remove(open)}>
                <Trash2 aria-hidden className="size-4" /> Delete
              </button>
              <button type="button" className={buttonPrimary} onClick={() => mark(open)}>
                {open.status === 'new' ? <MailOpen aria-hidden className="size-4" /> : <Mail aria-hidden className="size-4" />}
                {open.status === 'new' ? 'Mark as handled' : 'Mark as new'}
              </button>
            </div>
          </div>
        ) : null}
      </Dialog>
      {confirmDialog}
    </>
  )
}
