// An item's History (its versions: who saved, when, which fields; open one, compare it with the
// current text word by word, restore it) and a list's Recently deleted. Both read their resource
// route (/admin/api/versions, /admin/api/deleted) through a fetcher when they open; restoring posts
// the screen's `restore` / `undelete` intent, after which the router reloads the list and the panel.
import { diffWords } from 'diff'
import { ArchiveRestore, History } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { Dialog } from '~/components/ui/dialog'
import { changedBy } from '~/entities/activity'
import { REVISION_KINDS, revisionMessages as text, UNCOMPARED_FIELDS, type DeletedItem, type Revision, type VersionedTable } from '~/entities/revision'
import { useFormatRelative, useFormatTime } from '../lib/time-zone'
import { useAdminAction } from '../lib/use-admin-action'
import { buttonPrimary, buttonSecondary, iconButton } from './styles'

/** The words a reader sees: markup removed, entities of the editor decoded, spaces collapsed. */
export function plainText(value: unknown): string {
  if (value === null || value === undefined) return ''
  const raw = typeof value === 'string' ? value : JSON.stringify(value, null, 1)
  return raw
    .replace(/<(br|\/p|\/h\d|\/li|\/div)[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/[ \t]+/g, ' ')
    .replace(/\s*\n\s*/g, '\n')
    .trim()
}

function WordDiff({ before, after }: { before: unknown; after: unknown }) {
  return (
    <p className="whitespace-pre-wrap break-words rounded bg-slate-50 p-2 text-sm leading-6 text-slate-800">
      {diffWords(plainText(before), plainText(after)).map((part, i) =>
        part.removed ? (
          <del key={i} className="bg-red-100 text-red-900">
            {part.value}
          </del>
        ) : part.added ? (
          <ins key={i} className="bg-emerald-100 text-emerald-900 no-underline">
            {part.value}
          </ins>
        ) : (
          <span key={i}>{part.value}</span>
        ),
      )}
    </p>
  )
}

type Row = Record<string, unknown>

function isRow(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A JSON object column (a content block) compared key by key: "content.title". */
function flatten(row: Row): Row {
  const flat: Row = {}
  for (const [field, value] of Object.entries(row)) {
    if (isRow(value)) for (const [key, inner] of Object.entries(value)) flat[`${field}.${key}`] = inner
    else flat[field] = value
  }
  return flat
}

/** The fields in which a version differs from the current item, each as a word diff. */
export function Comparison({ version: stored, current: now }: { version: Row; current: Row }) {
  const version = flatten(stored)
  const current = flatten(now)
  const fields = [...new Set([...Object.keys(version), ...Object.keys(current)])].filter(
    (f) => !UNCOMPARED_FIELDS.has(f) && f in version && JSON.stringify(version[f]) !== JSON.stringify(current[f]),
  )
  if (fields.length === 0) return <p className="text-sm text-slate-600">This version is the same as the current one.</p>
  return (
    <div className="grid gap-3">
      <p className="text-xs text-slate-600">
        <del className="bg-red-100 text-red-900">Removed</del> since this version, <ins className="bg-emerald-100 text-emerald-900 no-underline">added</ins>{' '}
        since
      </p>
      {fields.map((field) => (
        <section key={field} aria-label={field}>
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{field}</h4>
          <WordDiff before={version[field]} after={current[field]} />
        </section>
      ))}
    </div>
  )
}

export interface HistoryProps {
  table: VersionedTable
  id: string
  /** The item's name, for the dialog's title. */
  name: string
  /** The item as it is now, to compare versions with. */
  current: Row
  /** After a version was restored (an editor open on the item starts again from it). */
  onRestored?: () => void
}

/** The History button of an item and its dialog. */
export function HistoryButton(props: HistoryProps & { label?: string }) {
  const [open, setOpen] = useState(false)
  // Versions are read when the dialog opens, not with the screen's list.
  const fetcher = useFetcher<{ versions: Revision[] }>()
  const show = () => {
    setOpen(true)
    void fetcher.load(`/admin/api/versions/${props.table}/${props.id}`)
  }
  return (
    <>
      {props.label ? (
        <button type="button" className={buttonSecondary} onClick={show}>
          <History aria-hidden className="size-4" /> {props.label}
        </button>
      ) : (
        <button type="button" className={iconButton} aria-label={`History of ${props.name}`} onClick={show}>
          <History aria-hidden className="size-4" />
        </button>
      )}
      {open ? <HistoryDialog {...props} versions={fetcher.data?.versions ?? null} onClose={() => setOpen(false)} /> : null}
    </>
  )
}

function HistoryDialog({ id, name, current, versions, onClose, onRestored }: HistoryProps & { versions: Revision[] | null; onClose: () => void }) {
  const action = useAdminAction()
  const { confirm, element: confirmDialog } = useConfirm()
  const [openId, setOpenId] = useState<number | null>(null)
  const formatTime = useFormatTime()
  const formatRelative = useFormatRelative()

  const restore = async (version: Revision) => {
    if (!(await confirm(text.confirmRestore, { confirmLabel: 'Restore' }))) return
    if (!(await action.submit({ intent: 'restore', id, revisionId: version.id })).ok) return
    setOpenId(null)
    onRestored?.()
  }
  const opened = versions?.find((v) => v.id === openId) ?? null

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={`History of ${name}`} widthClass="max-w-3xl">
      {versions === null ? (
        <p className="text-sm text-slate-600" role="status">
          Loading versions…
        </p>
      ) : versions.length === 0 ? (
        <p className="text-sm text-slate-600">{text.empty}</p>
      ) : opened ? (
        <div className="grid gap-3">
          <p className="text-sm text-slate-700">
            {REVISION_KINDS[opened.kind] ?? opened.kind} by {changedBy(opened.author_name, opened.author_email, opened.author_role)} ·{' '}
            {formatTime(opened.created_at, 'full', true)}
          </p>
          <Comparison version={isRow(opened.data) ? opened.data : {}} current={current} />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setOpenId(null)}>
              Back to versions
            </button>
            <button type="button" className={buttonPrimary} disabled={action.busy} onClick={() => void restore(opened)}>
              <ArchiveRestore aria-hidden className="size-4" /> Restore this version
            </button>
          </div>
        </div>
      ) : (
        <ol aria-label="Versions" className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {versions.map((v, index) => (
            <li key={v.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
              <div className="min-w-0">
                <p className="text-slate-900">
                  {REVISION_KINDS[v.kind] ?? v.kind} by {changedBy(v.author_name, v.author_email, v.author_role)}
                  {index === 0 ? <span className="text-slate-500"> · current</span> : null}
                </p>
                <p className="text-xs text-slate-600">
                  <time dateTime={v.created_at}>{formatRelative(v.created_at)}</time>
                  {v.changed_fields.length ? ` · ${v.changed_fields.join(', ')}` : ''}
                </p>
              </div>
              <button type="button" className={buttonSecondary} onClick={() => setOpenId(v.id)}>
                Open
              </button>
            </li>
          ))}
        </ol>
      )}
      {confirmDialog}
    </Dialog>
  )
}

/** A list's Recently deleted button and dialog: items deleted in the last 30 days, each with Restore. */
export function RecentlyDeleted({ table }: { table: VersionedTable }) {
  const action = useAdminAction()
  const fetcher = useFetcher<{ items: DeletedItem[] }>()
  const [open, setOpen] = useState(false)
  const formatRelative = useFormatRelative()
  const items = open ? (fetcher.data?.items ?? null) : null
  const path = `/admin/api/deleted/${table}`
  // After a restore the row (and its focused button) is gone: focus moves to the row that took its
  // place, else to Close, so it stays in the dialog and Escape still closes it.
  const focusRow = useRef<number | null>(null)
  const body = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const row = focusRow.current
    if (row === null || items === null) return
    focusRow.current = null
    const restoreButtons = body.current?.querySelectorAll<HTMLButtonElement>('button[data-restore]') ?? []
    const next = restoreButtons[Math.min(row, restoreButtons.length - 1)]
    ;(next ?? body.current?.closest('[role="dialog"]')?.querySelector<HTMLButtonElement>('button[aria-label="Close"]'))?.focus()
  }, [items])

  const show = () => {
    setOpen(true)
    void fetcher.load(path)
  }
  const bringBack = async (item: DeletedItem, row: number) => {
    focusRow.current = row
    // A write reloads the list; a refused one is read again too (someone else may have brought it back).
    if (!(await action.submit({ intent: 'undelete', revisionId: item.revision_id })).ok) await fetcher.load(path)
  }

  return (
    <>
      <button type="button" className={buttonSecondary} onClick={show}>
        <ArchiveRestore aria-hidden className="size-4" /> Recently deleted
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Recently deleted">
        <div ref={body}>
          {items === null ? (
            <p className="text-sm text-slate-600" role="status">
              Loading deleted items…
            </p>
          ) : items.length === 0 ? (
            <p className="text-sm text-slate-600">{text.noDeleted}</p>
          ) : (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {items.map((item, row) => (
                <li key={item.revision_id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{item.title}</p>
                    <p className="text-xs text-slate-600">
                      Deleted by {changedBy(item.author_name, null, item.author_role)} ·{' '}
                      <time dateTime={item.deleted_at}>{formatRelative(item.deleted_at)}</time>
                    </p>
                  </div>
                  <button
                    type="button"
                    data-restore
                    className={buttonSecondary}
                    aria-label={`Restore ${item.title}`}
                    disabled={action.busy}
                    onClick={() => void bringBack(item, row)}
                  >
                    Restore
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </Dialog>
    </>
  )
}
