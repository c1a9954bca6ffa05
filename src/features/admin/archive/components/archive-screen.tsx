// The archive: any public page as visitors saw it at a chosen moment (rendered by the web server from
// the publication record, shown still in a frame), who approved each part of it and since when it
// was live, what changed between two moments, and the export of a period for an examiner. The
// moment, the page and the second moment are in the URL, so a link shows the same view.
import { useId, useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { kindLabel } from '~/entities/content-review'
import { EVENT_LABELS, VIA_LABELS, archiveMessages as text, type RecordHealth } from '~/entities/publication-record'
import { fromZonedInput, toZonedInput } from '~/lib/zoned-time'
import { Comparison } from '../../components/history-panel'
import { EmptyState } from '../../components/empty-state'
import { PageHeader } from '../../components/page-header'
import { buttonPrimary, buttonSecondary, card, input } from '../../components/styles'
import { downloadFile } from '../../lib/csv'
import { useFormatTime, useTimeZone } from '../../lib/time-zone'
import { useAdminAction } from '../../lib/use-admin-action'
import type { RecordChange } from '../api/records'
import type { ArchiveView, PagePart } from '../archive-view'
import { exportFileName } from '../export-file-name'
import { RecordHealthNotice } from './record-health-notice'

export interface ArchiveScreenProps {
  at: string
  path: string
  compare: string | null
  view: ArchiveView | null
  /** Why the page could not be shown. */
  error: string | null
  changes: RecordChange[]
  health: RecordHealth | null
  canVerify: boolean
}

type Row = Record<string, unknown>
const asRow = (value: unknown): Row => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {})

function archiveUrl(params: { at: string; path: string; compare: string | null }): string {
  const query = new URLSearchParams({ at: params.at, path: params.path })
  if (params.compare) query.set('compare', params.compare)
  return `/admin/archive?${query}`
}

/** A date-and-time input in the company's zone, holding an instant. */
function MomentInput({ label, value, onChange, required = true }: { label: string; value: string; onChange: (iso: string) => void; required?: boolean }) {
  const zone = useTimeZone()
  const id = useId()
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        className={input}
        required={required}
        value={toZonedInput(value, zone)}
        onChange={(event) => onChange(fromZonedInput(event.target.value, zone))}
        aria-describedby={`${id}-zone`}
      />
      <p id={`${id}-zone`} className="text-xs text-slate-600">
        Time zone: {zone}.
      </p>
    </div>
  )
}

function approvalText(part: PagePart, formatTime: (at: string) => string): string {
  if (part.approvedBy) {
    const release = part.releaseName ? ` (release "${part.releaseName}")` : ''
    return `${part.approvedBy}${part.approvedAt ? `, ${formatTime(part.approvedAt)}` : ''}${release}`
  }
  return part.approvalRequired ? 'Approval required, none recorded' : 'No approval needed then'
}

function PartsTable({ parts, caption }: { parts: PagePart[]; caption: string }) {
  const formatTime = useFormatTime()
  const moment = (at: string) => formatTime(at, 'full')
  return (
    // Wider than a phone: keyboard users scroll it once it has focus.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="overflow-x-auto rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Part
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Live since
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Approved by
            </th>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Written by
            </th>
            <th scope="col" className="py-2 font-semibold">
              Record
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {parts.map((part) => (
            <tr key={part.seq}>
              <td className="py-2 pr-3">
                <span className="text-slate-600">{kindLabel(part.kind)}:</span> <span className="font-medium text-slate-900">{part.title}</span>
              </td>
              <td className="py-2 pr-3 whitespace-nowrap">
                {moment(part.liveFrom)}
                <span className="block text-xs text-slate-600">by {VIA_LABELS[part.via] ?? part.via}</span>
              </td>
              <td className="py-2 pr-3">{approvalText(part, moment)}</td>
              <td className="py-2 pr-3">{part.changedBy ?? 'A script'}</td>
              <td className="py-2 font-mono text-xs text-slate-600">#{part.seq}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** The page's own parts first; the settings every page shows (contact details, colours, links) folded below them. */
function PageParts({ parts }: { parts: PagePart[] }) {
  if (parts.length === 0) return <EmptyState title="This page showed nothing from the record" />
  const settings = parts.filter((part) => part.kind === 'setting')
  const content = parts.filter((part) => part.kind !== 'setting')
  return (
    <>
      {content.length > 0 ? <PartsTable parts={content} caption="The parts of the page, since when each was live and who approved it" /> : null}
      {settings.length > 0 ? (
        <details className="rounded-md border border-slate-200 px-3 py-2">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">The {settings.length} site settings this page shows</summary>
          <PartsTable parts={settings} caption="The site settings the page shows, since when each was live and who approved it" />
        </details>
      ) : null}
    </>
  )
}

function PageView({ view, error }: { view: ArchiveView | null; error: string | null }) {
  const formatTime = useFormatTime()
  if (error) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        {error}
      </p>
    )
  }
  if (!view) return null
  const when = formatTime(view.asOf, 'full', true)
  if (view.location) {
    return (
      <p className="text-sm text-slate-700">
        On {when}, visitors of {view.path} were sent on to {view.location}.
      </p>
    )
  }
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700" aria-live="polite">
        {view.status === 404 ? `On ${when} there was no page at ${view.path}: visitors got "Page not found".` : `${view.path} as visitors saw it on ${when}.`}
      </p>
      <iframe
        title={`${view.path} as visitors saw it on ${when}`}
        srcDoc={view.html}
        sandbox="allow-top-navigation-by-user-activation"
        className="h-[70vh] w-full rounded-md border border-slate-300 bg-white"
      />
      <section aria-labelledby="archive-parts" className="grid gap-2">
        <h2 id="archive-parts" className="text-base font-semibold text-slate-900">
          Parts of this page
        </h2>
        <PageParts parts={view.parts} />
      </section>
    </div>
  )
}

function ChangeList({ changes, since, until }: { changes: RecordChange[]; since: string; until: string }) {
  const formatTime = useFormatTime()
  if (changes.length === 0) return <EmptyState title="Nothing visitors could see changed between these moments" />
  return (
    <ul className="grid gap-3">
      {changes.map((change) => (
        <li key={`${change.kind}/${change.itemId}`} className={`${card} grid gap-2 p-4`}>
          <h3 className="text-sm font-semibold text-slate-900">
            <span className="font-normal text-slate-600">{kindLabel(change.kind)}:</span> {change.title}
          </h3>
          <p className="text-xs text-slate-600">
            {change.before
              ? `On ${formatTime(since, 'full')}: the version live since ${formatTime(change.before.liveFrom, 'full')}`
              : `On ${formatTime(since, 'full')}: not on the site`}
            {' · '}
            {change.after.event === 'withdrawn'
              ? `Withdrawn on ${formatTime(change.after.liveFrom, 'full')}`
              : `${EVENT_LABELS[change.after.event] ?? change.after.event} on ${formatTime(change.after.liveFrom, 'full')}, the version live on ${formatTime(until, 'full')}`}
            {change.versions > 1 ? ` · ${change.versions} versions in between` : ''}
          </p>
          {change.before && change.after.event !== 'withdrawn' ? (
            <Comparison version={asRow(change.before.content)} current={asRow(change.after.content)} />
          ) : null}
        </li>
      ))}
    </ul>
  )
}

export function ArchiveScreen({ at, path, compare, view, error, changes, health, canVerify }: ArchiveScreenProps) {
  const navigate = useNavigate()
  const action = useAdminAction()
  const [moment, setMoment] = useState(at)
  const [page, setPage] = useState(path)
  const [other, setOther] = useState(compare ?? '')
  const [from, setFrom] = useState(compare && compare < at ? compare : '')
  const [to, setTo] = useState(at)
  const pagesId = useId()

  const show = (event: FormEvent) => {
    event.preventDefault()
    void navigate(archiveUrl({ at: moment || at, path: page.trim() || '/', compare }))
  }
  const compareWith = (event: FormEvent) => {
    event.preventDefault()
    if (other) void navigate(archiveUrl({ at, path, compare: other }))
  }
  const exportPeriod = async (event: FormEvent) => {
    event.preventDefault()
    const result = await action.submit({ intent: 'export', from, to })
    if (result.ok && result.link) downloadFile(exportFileName(from, to), result.link)
  }
  const [since, until] = compare ? [compare < at ? compare : at, compare < at ? at : compare] : [at, at]

  return (
    <>
      <PageHeader
        title="Archive"
        subtitle="Any public page as visitors saw it at a moment, who approved each part, and the record for an examiner"
        action={
          canVerify ? (
            <button type="button" className={buttonSecondary} disabled={action.busy} onClick={() => void action.submit({ intent: 'verify' })}>
              Verify the record now
            </button>
          ) : null
        }
      />
      <RecordHealthNotice health={health} />

      <section aria-labelledby="archive-show" className={`${card} mb-6 grid gap-4 p-4`}>
        <h2 id="archive-show" className="text-base font-semibold text-slate-900">
          A page as visitors saw it
        </h2>
        <form onSubmit={show} className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,1fr)_max-content] sm:items-start">
          <MomentInput label="Date and time" value={moment} onChange={setMoment} />
          <div className="grid content-start gap-1">
            <label htmlFor={`${pagesId}-path`} className="text-sm font-medium text-slate-800">
              Page
            </label>
            <input
              id={`${pagesId}-path`}
              className={input}
              value={page}
              onChange={(event) => setPage(event.target.value)}
              list={pagesId}
              required
              aria-describedby={`${pagesId}-hint`}
            />
            <p id={`${pagesId}-hint`} className="text-xs text-slate-600">
              A path of the site, such as /about; the list holds the pages there were then.
            </p>
            <datalist id={pagesId}>
              {(view?.pages ?? []).map((link) => (
                <option key={link.path} value={link.path}>
                  {link.label}
                </option>
              ))}
            </datalist>
          </div>
          <button type="submit" className={`${buttonPrimary} sm:mt-6`}>
            Show
          </button>
        </form>
        <PageView view={view} error={error} />
      </section>

      <section aria-labelledby="archive-changes" className={`${card} mb-6 grid gap-4 p-4`}>
        <h2 id="archive-changes" className="text-base font-semibold text-slate-900">
          What changed between two moments
        </h2>
        <form onSubmit={compareWith} className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_max-content] sm:items-start">
          <MomentInput label="Compare with" value={other} onChange={setOther} />
          <button type="submit" className={`${buttonSecondary} sm:mt-6`}>
            Compare
          </button>
        </form>
        {compare ? <ChangeList changes={changes} since={since} until={until} /> : null}
      </section>

      <section aria-labelledby="archive-export" className={`${card} grid gap-4 p-4`}>
        <div>
          <h2 id="archive-export" className="text-base font-semibold text-slate-900">
            Export for an examiner
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            A ZIP of every page at every version live in the period, the records with their hashes and approvals, and a README that says how to check the chain
            with sha256sum and jq. The export is logged.
          </p>
        </div>
        <form onSubmit={(event) => void exportPeriod(event)} className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_minmax(0,16rem)_max-content] sm:items-start">
          <MomentInput label="From" value={from} onChange={setFrom} />
          <MomentInput label="To" value={to} onChange={setTo} />
          <button type="submit" className={`${buttonPrimary} sm:mt-6`} disabled={action.busy}>
            {action.busy ? 'Exporting…' : 'Export ZIP'}
          </button>
        </form>
        <p className="sr-only" aria-live="polite">
          {action.busy ? text.exporting : ''}
        </p>
      </section>
    </>
  )
}
