import { Download } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { ACTIVITY_AREAS, ACTIVITY_VERBS, activityMessages as text, type ActivityFilters, type ActivityRow, type StaffMember } from '~/entities/activity'
import { ActivityEntry } from '../../components/activity-entry'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { buttonSecondary, card, input } from '../../components/styles'
import { downloadFile, today } from '../../lib/csv'
import { useAdminAction } from '../../lib/use-admin-action'
import { useUrlFilters } from '../../lib/use-url-filters'

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

  const action = useAdminAction()
  const exportCsv = async () => {
    const { page: _page, ...chosen } = values
    const result = await action.submit({ intent: 'export', filters: new URLSearchParams(chosen).toString() })
    if (result.link) downloadFile(`activity-${today()}.csv`, result.link)
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
            <ActivityEntry key={row.id} row={row} />
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
