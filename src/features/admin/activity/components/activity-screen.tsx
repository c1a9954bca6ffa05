import { Download } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import {
  ACTIVITY_AREAS,
  ACTIVITY_SCREENS,
  ACTIVITY_VERBS,
  activityMessages as text,
  actorLabel,
  relativeTime,
  verbOf,
  type ActivityFilters,
  type ActivityRow,
  type StaffMember,
} from '~/entities/activity'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { buttonSecondary, card, input } from '../../components/styles'
import { adminDb } from '../../lib/admin-db'
import { downloadCsv, today } from '../../lib/csv'
import { notifyError } from '../../lib/notify'
import { useUrlFilters } from '../../lib/use-url-filters'
import { activityCsv } from '../api/activity'

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function ItemLink({ row }: { row: ActivityRow }) {
  if (!row.title) return null
  const screen = ACTIVITY_SCREENS[row.table_name]
  const title = <em className="font-medium not-italic text-slate-900">{row.title}</em>
  if (!screen || row.action === 'exported') return title
  const searchable = !['website_content', 'site_settings'].includes(row.table_name)
  return (
    <Link
      className="underline decoration-slate-300 underline-offset-2 hover:decoration-brand-primary"
      to={searchable ? `${screen}?q=${encodeURIComponent(row.title)}` : screen}
    >
      {title}
    </Link>
  )
}

function Changes({ changes }: { changes: ActivityRow['changes'] }) {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return null
  const fields = Object.entries(changes as Record<string, { before?: unknown; after?: unknown }>)
  return (
    <details className="mt-1 text-xs text-slate-700">
      <summary className="cursor-pointer text-slate-600">
        What changed ({fields.length} field{fields.length === 1 ? '' : 's'})
      </summary>
      <dl className="mt-1 grid gap-1">
        {fields.map(([field, change]) => (
          <div key={field} className="rounded bg-slate-50 p-2">
            <dt className="font-medium text-slate-800">{field}</dt>
            <dd className="break-words">
              <del className="text-red-800">{show(change.before)}</del> → <ins className="text-emerald-800 no-underline">{show(change.after)}</ins>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

function Entry({ row }: { row: ActivityRow }) {
  return (
    <li className="px-4 py-3 text-sm text-slate-700">
      <p>
        <span className="font-medium text-slate-900">{actorLabel(row)}</span> {verbOf(row.action)} <ItemLink row={row} />
        <span className="text-slate-500">
          {' · '}
          <time dateTime={row.occurred_at} title={new Date(row.occurred_at).toLocaleString('en-GB')}>
            {relativeTime(row.occurred_at)}
          </time>
          {row.client_address ? ` · from ${row.client_address}` : ''}
        </span>
      </p>
      <Changes changes={row.changes} />
    </li>
  )
}

/** The activity log: staff changes, reads of personal data and sign-ins, filtered in the URL. */
export function ActivityScreen({ rows, hasMore, page, staff }: { rows: ActivityRow[]; hasMore: boolean; page: number; staff: StaffMember[] }) {
  const filters = useUrlFilters<keyof ActivityFilters | 'page'>({ actor: '', area: '', action: '', from: '', to: '', page: '' })
  const [params] = useSearchParams()
  const values = filters.values
  const change = (next: Partial<ActivityFilters>) => filters.set({ ...next, page: '' })
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params)
    if (n === 1) next.delete('page')
    else next.set('page', String(n))
    return `?${next}`
  }

  const exportCsv = async () => {
    try {
      downloadCsv(`activity-${today()}.csv`, await activityCsv(await adminDb(), values))
    } catch (error) {
      notifyError(text.exportFailed, error)
    }
  }

  return (
    <>
      <PageHeader
        title="Activity"
        subtitle="Who changed what, who read personal data, and who signed in"
        action={
          <button type="button" className={buttonSecondary} onClick={() => void exportCsv()}>
            <Download aria-hidden className="size-4" /> Export CSV
          </button>
        }
      />
      <div className={`${card} mb-4 grid gap-3 p-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto_auto_auto] lg:items-end`}>
        <label className="grid gap-1 text-xs font-medium text-slate-700">
          Staff member
          <select className={input} value={values.actor} onChange={(e) => change({ actor: e.target.value })}>
            <option value="">Everyone</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.role})
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-slate-700">
          Area
          <select className={input} value={values.area} onChange={(e) => change({ area: e.target.value })}>
            <option value="">All areas</option>
            {ACTIVITY_AREAS.map((a) => (
              <option key={a.value} value={a.value}>
                {a.label}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-slate-700">
          Action
          <select className={input} value={values.action} onChange={(e) => change({ action: e.target.value })}>
            <option value="">All actions</option>
            {Object.entries(ACTIVITY_VERBS).map(([value, verb]) => (
              <option key={value} value={value}>
                {verb.charAt(0).toUpperCase() + verb.slice(1)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium text-slate-700">
          From
          <input type="date" className={input} value={values.from} onChange={(e) => change({ from: e.target.value })} />
        </label>
        <label className="grid gap-1 text-xs font-medium text-slate-700">
          To
          <input type="date" className={input} value={values.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
        <button type="button" className={buttonSecondary} onClick={filters.clear}>
          Clear Filters
        </button>
      </div>
      {rows.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <ol aria-label="Activity" className={`${card} divide-y divide-slate-100`}>
          {rows.map((row) => (
            <Entry key={row.id} row={row} />
          ))}
        </ol>
      )}
      <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
        {page > 1 ? (
          <Link className={buttonSecondary} to={pageLink(page - 1)}>
            Newer
          </Link>
        ) : (
          <span />
        )}
        <span className="text-slate-600">Page {page}</span>
        {hasMore ? (
          <Link className={buttonSecondary} to={pageLink(page + 1)}>
            Older
          </Link>
        ) : (
          <span />
        )}
      </nav>
    </>
  )
}
