import { FileDown } from 'lucide-react'
import {
  APPLICATION_STATUS_LABELS,
  APPLICATION_STATUSES,
  applicationMessages as text,
  type Application,
  type ApplicationStatus,
} from '~/entities/job-application'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { buttonSecondary, card, input } from '../../components/styles'
import { useFormatTime } from '../../lib/time-zone'
import { useAdminAction } from '../../lib/use-admin-action'
import { useUrlFilters } from '../../lib/use-url-filters'
import type { OpeningOption } from '../api/applications'

/** Applications from the careers page, for all openings or the one chosen (in the URL). */
export function ApplicationsScreen({ applications, openings }: { applications: Application[]; openings: OpeningOption[] }) {
  const action = useAdminAction()
  const filters = useUrlFilters({ opening: '' })
  const formatTime = useFormatTime()

  const changeStatus = (application: Application, status: ApplicationStatus) => {
    void action.submit({ intent: 'status', id: application.id, status })
  }

  const openCv = async (application: Application) => {
    // Opened first, filled in after the link is signed, so the pop-up is not blocked.
    const tab = window.open('', '_blank')
    const { link } = await action.submit({ intent: 'cv', id: application.id })
    if (!link) tab?.close()
    else if (tab) {
      tab.opener = null
      tab.location.href = link
    } else window.location.assign(link)
  }

  return (
    <>
      <PageHeader title="Applications" subtitle="Applications sent from the careers page" />
      <div className="mb-4 max-w-sm">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Job opening
          <select className={input} value={filters.values.opening} onChange={(e) => filters.set({ opening: e.target.value })}>
            <option value="">All openings</option>
            {openings.map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
                {o.active ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        </label>
      </div>
      {applications.length === 0 ? (
        <EmptyState title={text.empty} />
      ) : (
        <ul className="grid gap-2">
          {applications.map((a) => (
            <li key={a.id} className={`${card} grid gap-2 p-4 sm:grid-cols-[1fr_auto]`}>
              <div className="min-w-0">
                <h2 className="font-medium text-slate-900">{a.name}</h2>
                <p className="text-xs text-slate-600">
                  {a.opening_title} · {formatTime(a.created_at, 'date')}
                </p>
                <p className="mt-1 text-sm">
                  <a className="text-brand-primary underline" href={`mailto:${a.email}`}>
                    {a.email}
                  </a>
                  {a.phone ? <span className="text-slate-600"> · {a.phone}</span> : null}
                </p>
                {a.cover_note ? <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">{a.cover_note}</p> : null}
              </div>
              <div className="flex flex-wrap items-start gap-2 sm:flex-col sm:items-stretch">
                <select
                  aria-label={`Status of ${a.name}`}
                  className={input}
                  value={a.status}
                  onChange={(e) => changeStatus(a, e.target.value as ApplicationStatus)}
                >
                  {APPLICATION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {APPLICATION_STATUS_LABELS[s]}
                    </option>
                  ))}
                </select>
                <button type="button" className={buttonSecondary} onClick={() => void openCv(a)}>
                  <FileDown aria-hidden className="size-4" /> Download CV
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
