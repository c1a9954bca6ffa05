// The releases screen: a new release (name and, optionally, when it goes live), each release with its
// items and what each changes against the live site, its review, schedule and state, and the changes
// waiting that could join one. Publishing, scheduling and rolling back are the database's functions;
// this screen posts them and shows their answers.
import { useId, useState, type InputHTMLAttributes } from 'react'
import { kindLabel, latestByItem, reviewLabel, reviewFields, type ItemKind, type ReviewState } from '~/entities/content-review'
import { RELEASE_STATES, releaseMessages as text, type PendingItem, type Release, type ReleaseItem } from '~/entities/release'
import { fromZonedInput, toZonedInput } from '~/lib/zoned-time'
import { useConfirm, type ConfirmOptions } from '~/components/ui/confirm-dialog'
import { EmptyState } from '../../components/empty-state'
import { Field } from '../../components/field'
import { Comparison } from '../../components/history-panel'
import { badge, buttonPrimary, buttonSecondary, card, input } from '../../components/styles'
import { useFormatTime, useTimeZone } from '../../lib/time-zone'
import { useAdminAction, type AdminAction } from '../../lib/use-admin-action'
import { ReleaseSelect } from './review-state'

export interface ReleasesScreenProps {
  releases: Release[]
  items: Record<string, ReleaseItem[]>
  pending: PendingItem[]
  reviews: ReviewState[]
  required: boolean
}

const STATE_STYLE: Record<string, string> = {
  open: 'bg-sky-50 text-sky-900',
  published: 'bg-emerald-50 text-emerald-800',
  rolled_back: 'bg-slate-100 text-slate-700',
}

const REVIEW_STYLE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  rejected: 'bg-red-50 text-red-800',
  approved: 'bg-emerald-50 text-emerald-800',
}

/** A date-and-time input in the company's zone that holds an instant (ISO, '' for none); Field gives it its id. */
function ZonedInput({
  value,
  onChange,
  ...attributes
}: { value: string; onChange: (iso: string) => void } & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'>) {
  const zone = useTimeZone()
  return (
    <input
      {...attributes}
      type="datetime-local"
      className={input}
      value={toZonedInput(value, zone)}
      onChange={(event) => onChange(fromZonedInput(event.target.value, zone))}
    />
  )
}

function NewRelease({ action }: { action: AdminAction }) {
  const [name, setName] = useState('')
  const [publishAt, setPublishAt] = useState('')
  const [error, setError] = useState<string | null>(null)
  const zone = useTimeZone()
  const create = async () => {
    if (!name.trim()) {
      setError(text.nameNeeded)
      return
    }
    setError(null)
    const result = await action.submit({ intent: 'create', name, publishAt })
    if (result.ok) {
      setName('')
      setPublishAt('')
    }
  }
  return (
    <form
      className={`${card} mb-6 grid gap-3 p-4 sm:grid-cols-[2fr_1fr_auto] sm:items-end`}
      aria-label="New release"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void create()
      }}
    >
      <Field label="Release name" error={error ?? undefined}>
        <input className={input} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field label="Goes live at" hint={`Optional. Time zone: ${zone}.`}>
        <ZonedInput value={publishAt} onChange={setPublishAt} />
      </Field>
      <button type="submit" className={buttonPrimary} disabled={action.busy}>
        Create Release
      </button>
    </form>
  )
}

function ItemChange({ item, release, open, action }: { item: ReleaseItem; release: Release; open: boolean; action: AdminAction }) {
  const proposed = reviewFields(item.proposed)
  const live = item.live ? reviewFields(item.live) : Object.fromEntries(Object.keys(proposed).map((field) => [field, null]))
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badge} bg-slate-100 text-slate-700`}>{kindLabel(item.kind)}</span>
        {item.live ? null : <span className={`${badge} bg-amber-50 text-amber-800`}>New on the site</span>}
        <a className="font-medium text-slate-900 underline" href={item.admin_path}>
          {item.title}
        </a>
        {open ? (
          <button
            type="button"
            className={`${buttonSecondary} ml-auto`}
            disabled={action.busy}
            onClick={() => void action.submit({ intent: 'remove', release: release.id, kind: item.kind, id: item.item_id })}
          >
            Take {item.title} out
          </button>
        ) : null}
      </div>
      <details className="mt-2">
        <summary className="cursor-pointer text-sm text-slate-700">Changes against the live site</summary>
        <div className="mt-2">
          <Comparison version={live} current={proposed} />
        </div>
      </details>
    </li>
  )
}

function Schedule({ release, action }: { release: Release; action: AdminAction }) {
  const [publishAt, setPublishAt] = useState(release.publish_at ?? '')
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Field label={`When ${release.name} goes live`}>
        <ZonedInput value={publishAt} onChange={setPublishAt} />
      </Field>
      <button
        type="button"
        className={buttonSecondary}
        disabled={action.busy}
        onClick={() => void action.submit({ intent: 'schedule', id: release.id, publishAt })}
      >
        Save schedule
      </button>
    </div>
  )
}

function ReleaseCard({
  release,
  items,
  review,
  required,
  action,
  confirm,
}: {
  release: Release
  items: ReleaseItem[] | undefined
  review: ReviewState | undefined
  required: boolean
  action: AdminAction
  confirm: (message: string, options?: ConfirmOptions) => Promise<boolean>
}) {
  const formatTime = useFormatTime()
  const headingId = useId()
  const open = release.state === 'open'
  const reviewText = review ? reviewLabel(review, (at) => formatTime(at), review.decided_at) : null
  const approved = review?.state === 'approved'
  const when = open
    ? release.publish_at
      ? `Goes live at ${formatTime(release.publish_at)}${required && !approved ? ', once approved' : ''}`
      : 'Goes live when published'
    : release.state === 'published'
      ? `Published ${release.published_at ? formatTime(release.published_at) : ''}`
      : `Rolled back ${release.rolled_back_at ? formatTime(release.rolled_back_at) : ''}`
  const [preview, setPreview] = useState<string | null>(null)
  const sharePreview = async () => {
    const result = await action.submit({ intent: 'preview', id: release.id })
    if (result.ok && result.link) setPreview(result.link)
  }
  const publish = async () => {
    if (await confirm(text.confirmPublish, { title: `Publish ${release.name}?`, confirmLabel: 'Publish' }))
      await action.submit({ intent: 'publish', id: release.id })
  }
  const rollBack = async () => {
    if (await confirm(text.confirmRollBack, { title: `Roll back ${release.name}?`, confirmLabel: 'Roll back' }))
      await action.submit({ intent: 'rollBack', id: release.id })
  }
  return (
    <li className={`${card} grid gap-3 p-4`} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-medium text-slate-900">
          {release.name}
        </h2>
        <span className={`${badge} ${STATE_STYLE[release.state] ?? ''}`}>{RELEASE_STATES[release.state] ?? release.state}</span>
        {open && reviewText ? <span className={`${badge} ${REVIEW_STYLE[review?.state ?? ''] ?? ''}`}>{reviewText}</span> : null}
      </div>
      <p className="text-sm text-slate-600">{when}</p>
      {items && items.length > 0 ? (
        <ul className="grid gap-2" aria-label={`Items of ${release.name}`}>
          {items.map((item) => (
            <ItemChange key={`${item.kind}:${item.item_id}`} item={item} release={release} open={open} action={action} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Nothing in it yet: add changes waiting below, or from an editor with “Add to release”.</p>
      )}
      {open ? (
        <div className="grid gap-3 border-t border-slate-100 pt-3">
          <Schedule release={release} action={action} />
          <div className="flex flex-wrap gap-2">
            {required && review?.state !== 'pending' && !approved ? (
              <button
                type="button"
                className={buttonSecondary}
                disabled={action.busy || !items?.length}
                onClick={() => void action.submit({ intent: 'requestReview', id: release.id })}
              >
                Request review of {release.name}
              </button>
            ) : null}
            {preview ? (
              <a className={`${buttonSecondary} underline`} href={preview} target="_blank" rel="noreferrer">
                Open the preview of {release.name}
              </a>
            ) : (
              <button type="button" className={buttonSecondary} disabled={action.busy || !items?.length} onClick={() => void sharePreview()}>
                Preview {release.name}
              </button>
            )}
            <button type="button" className={buttonPrimary} disabled={action.busy || !items?.length} onClick={() => void publish()}>
              Publish {release.name} now
            </button>
          </div>
          {preview ? (
            <p className="text-xs text-slate-600">The site as the release will make it, for whoever has the link, for 7 days or until it goes live.</p>
          ) : null}
        </div>
      ) : null}
      {release.state === 'published' ? (
        <div>
          <button type="button" className={buttonSecondary} disabled={action.busy} onClick={() => void rollBack()}>
            Roll back {release.name}
          </button>
        </div>
      ) : null}
    </li>
  )
}

function PendingChanges({ pending, releases, action }: { pending: PendingItem[]; releases: Release[]; action: AdminAction }) {
  const open = releases.filter((release) => release.state === 'open')
  const waiting = pending.filter((item) => !item.release_id)
  return (
    <section className="mt-8" aria-labelledby="pending-changes">
      <h2 id="pending-changes" className="mb-2 text-sm font-semibold text-slate-900">
        Changes waiting ({waiting.length})
      </h2>
      {waiting.length === 0 ? (
        <p className="text-sm text-slate-600">Nothing waits: every change is live or in a release.</p>
      ) : (
        <ul className="grid gap-2">
          {waiting.map((item) => (
            <PendingRow key={`${item.kind}:${item.item_id}`} item={item} open={open} action={action} />
          ))}
        </ul>
      )}
    </section>
  )
}

function PendingRow({ item, open, action }: { item: PendingItem; open: Release[]; action: AdminAction }) {
  return (
    <li className={`${card} flex flex-wrap items-center gap-2 p-3 text-sm`}>
      <span className={`${badge} bg-slate-100 text-slate-700`}>{kindLabel(item.kind as ItemKind)}</span>
      <a className="font-medium text-slate-900 underline" href={item.admin_path}>
        {item.title}
      </a>
      <span className="text-slate-600">{item.live ? 'Change waiting' : 'Not live yet'}</span>
      {open.length > 0 ? (
        <span className="ml-auto">
          <ReleaseSelect
            name={item.title}
            releases={open}
            disabled={action.busy}
            onPick={(release) => void action.submit({ intent: 'add', release, kind: item.kind, id: item.item_id })}
          />
        </span>
      ) : null}
    </li>
  )
}

export function ReleasesScreen({ releases, items, pending, reviews, required }: ReleasesScreenProps) {
  // One action for the screen: a release that changes state moves in the list, and its toast must still show.
  const action = useAdminAction()
  const { confirm, element: confirmDialog } = useConfirm()
  const latest = latestByItem(reviews)
  return (
    <>
      <NewRelease action={action} />
      {releases.length === 0 ? (
        <EmptyState title={text.empty}>Create one, then add the changes that should go live together.</EmptyState>
      ) : (
        <ul className="grid gap-4" aria-label="Releases">
          {releases.map((release) => (
            <ReleaseCard
              key={release.id}
              release={release}
              items={items[release.id]}
              review={latest[release.id]}
              required={required}
              action={action}
              confirm={confirm}
            />
          ))}
        </ul>
      )}
      <PendingChanges pending={pending} releases={releases} action={action} />
      {confirmDialog}
    </>
  )
}
