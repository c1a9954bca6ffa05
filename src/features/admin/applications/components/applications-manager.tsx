import { FileDown } from 'lucide-react'
import { useCallback, useState } from 'react'
import type { Db } from '~/lib/supabase'
import { useAdminDb } from '../../components/admin-db-context'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { Spinner } from '../../components/spinner'
import { buttonSecondary, card, input } from '../../components/styles'
import { listChange } from '../../lib/list-change'
import { notifyError } from '../../lib/notify'
import { shortDate } from '../../lib/text'
import { useAdminList } from '../../lib/use-admin-list'
import {
  APPLICATION_STATUSES, listApplications, listOpenings, setApplicationStatus, signedCvUrl, type Application, type ApplicationStatus,
} from '../api/applications'

const STATUS_LABEL: Record<ApplicationStatus, string> = { new: 'New', reviewing: 'Reviewing', rejected: 'Rejected', hired: 'Hired' }

export function ApplicationsManager() {
  const db = useAdminDb()
  const [openingId, setOpeningId] = useState<string>('')
  const openings = useAdminList(listOpenings, 'Failed to fetch job openings')
  const load = useCallback((client: Db) => listApplications(client, openingId || null), [openingId])
  const list = useAdminList(load, 'Failed to fetch applications')
  const change = listChange(list.reload)

  const changeStatus = async (application: Application, status: ApplicationStatus) => {
    await change(() => setApplicationStatus(db, application.id, status), {
      failure: 'Failed to update application',
      success: `Application marked as ${STATUS_LABEL[status].toLowerCase()}`,
    })
  }

  const openCv = async (application: Application) => {
    // Opened first, filled in after the link is signed, so the pop-up is not blocked.
    const tab = window.open('', '_blank')
    try {
      const url = await signedCvUrl(db, application.cv_path)
      if (tab) {
        tab.opener = null
        tab.location.href = url
      } else window.location.assign(url)
    } catch (error) {
      tab?.close()
      notifyError('Failed to download CV', error)
    }
  }

  return (
    <>
      <PageHeader title="Applications" subtitle="Applications sent from the careers page" />
      <div className="mb-4 max-w-sm">
        <label className="grid gap-1 text-sm font-medium text-slate-800">
          Job opening
          <select className={input} value={openingId} onChange={(e) => setOpeningId(e.target.value)}>
            <option value="">All openings</option>
            {(openings.data ?? []).map((o) => (
              <option key={o.id} value={o.id}>
                {o.title}
                {o.active ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.loading ? (
        <Spinner />
      ) : !list.data?.length ? (
        <EmptyState title="No applications found" />
      ) : (
        <ul className="grid gap-2">
          {list.data.map((a) => (
            <li key={a.id} className={`${card} grid gap-2 p-4 sm:grid-cols-[1fr_auto]`}>
              <div className="min-w-0">
                <h2 className="font-medium text-slate-900">{a.name}</h2>
                <p className="text-xs text-slate-600">
                  {a.opening_title} · {shortDate(a.created_at)}
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
                <select aria-label={`Status of ${a.name}`} className={input} value={a.status} onChange={(e) => void changeStatus(a, e.target.value as ApplicationStatus)}>
                  {APPLICATION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {STATUS_LABEL[s]}
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
