// The review queue: each version waiting for approval, who asked and when, what changes against the
// live version (word by word, as History compares versions), the stored files it shows, and the
// decision: Approve, or Request changes with a note the author receives. A decision names the
// version on screen by its fingerprint, so a version that changed meanwhile is never decided.
import { useId, useState } from 'react'
import { kindLabel, reviewFields, reviewFiles, reviewMessages as text, type ContentReview } from '~/entities/content-review'
import { Comparison } from '../../components/history-panel'
import { EmptyState } from '../../components/empty-state'
import { badge, buttonPrimary, buttonSecondary, card, input } from '../../components/styles'
import { useFormatTime } from '../../lib/time-zone'
import { useAdminAction, type AdminAction } from '../../lib/use-admin-action'

/** What the diff compares against: the live version, or empty fields for an item never live. */
function baseline(content: Record<string, unknown>, live: unknown): Record<string, unknown> {
  return live ? reviewFields(live) : Object.fromEntries(Object.keys(content).map((field) => [field, null]))
}

/** The live page of a post, solution or job opening. */
function publicPath(review: ContentReview): string | null {
  const slug = String(reviewFields(review.live_content ?? review.content).slug ?? '')
  const prefix: Record<string, string> = { post: '/resources/blog/', solution: '/solutions/', job: '/careers/' }
  return review.live_content && prefix[review.kind] ? `${prefix[review.kind]}${slug}` : null
}

/** One item's changes: a release review holds several, an item's review one. */
interface Change {
  key: string
  label: string
  title: string
  content: Record<string, unknown>
  live: unknown
}

function changesOf(review: ContentReview): Change[] {
  if (review.kind !== 'release') {
    return [{ key: review.item_id, label: kindLabel(review.kind), title: review.title, content: reviewFields(review.content), live: review.live_content }]
  }
  const items = reviewFields(review.content).items
  return (Array.isArray(items) ? items : []).map((entry) => {
    const item = reviewFields(entry)
    return {
      key: `${String(item.kind)}:${String(item.id)}`,
      label: kindLabel(String(item.kind)),
      title: String(item.title ?? ''),
      content: reviewFields(item.content),
      live: item.live_content,
    }
  })
}

function ReviewItem({ review, action }: { review: ContentReview; action: AdminAction }) {
  const formatTime = useFormatTime()
  const { submit, busy } = action
  const [note, setNote] = useState('')
  const [noteError, setNoteError] = useState<string | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const noteId = useId()
  const errorId = useId()
  const headingId = useId()

  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && note.trim() === '') {
      setNoteError(text.noteNeeded)
      return
    }
    setNoteError(null)
    await submit({ intent: 'decide', kind: review.kind, id: review.item_id, decision, note, fingerprint: review.fingerprint })
  }
  const sharePreview = async () => {
    const result = await submit({ intent: 'preview', reviewId: review.id })
    if (result.ok && result.link) setPreview(result.link)
  }
  const files = Object.entries(reviewFiles(review.files))
  const live = publicPath(review)

  return (
    <li className={`${card} p-4`} aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center gap-2">
        <span className={`${badge} bg-slate-100 text-slate-700`}>{kindLabel(review.kind)}</span>
        {review.kind === 'release' ? null : (
          <span className={`${badge} ${review.live_content ? 'bg-sky-50 text-sky-900' : 'bg-amber-50 text-amber-800'}`}>
            {review.live_content ? 'Change to a live page' : 'Not yet live'}
          </span>
        )}
      </div>
      <h2 id={headingId} className="mt-1 font-medium text-slate-900">
        {review.title}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">
        Asked by {review.requested_by_name ?? 'a staff member'} on {formatTime(review.requested_at)}
      </p>
      {review.request_note ? <p className="mt-1 text-sm text-slate-800">“{review.request_note}”</p> : null}
      {live ? (
        <p className="mt-1 text-sm">
          <a className="text-brand-primary underline" href={live} target="_blank" rel="noreferrer">
            Open the live page
          </a>
        </p>
      ) : null}
      {review.kind === 'post' ? (
        <p className="mt-2 text-sm">
          {preview ? (
            <a className="text-brand-primary underline" href={preview} target="_blank" rel="noreferrer">
              Open the preview of {review.title}
            </a>
          ) : (
            <button type="button" className={buttonSecondary} disabled={busy} onClick={() => void sharePreview()}>
              Preview {review.title}
            </button>
          )}
        </p>
      ) : null}
      {changesOf(review).map((change) => (
        <details key={change.key} className="mt-3" open>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">
            {review.kind === 'release' ? `${change.label}: ${change.title}, against the live version` : 'Changes against the live version'}
          </summary>
          <div className="mt-2">
            <Comparison version={baseline(change.content, change.live)} current={change.content} />
          </div>
        </details>
      ))}
      {files.length > 0 ? (
        <div className="mt-2 text-sm text-slate-700">
          <p className="font-medium text-slate-800">Files in this version</p>
          <ul className="mt-1 grid gap-0.5">
            {files.map(([name, hash]) => (
              <li key={name}>
                {name} <span className="text-xs text-slate-500">{hash ? `content hash ${hash.slice(0, 12)}` : 'not stored'}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-2 text-xs text-slate-500">Fingerprint {review.fingerprint.slice(0, 12)}</p>
      <div className="mt-3 grid gap-2">
        <label htmlFor={noteId} className="text-sm font-medium text-slate-800">
          Note to the author
        </label>
        <textarea
          id={noteId}
          className={input}
          rows={2}
          maxLength={2000}
          value={note}
          aria-invalid={noteError ? true : undefined}
          aria-describedby={noteError ? errorId : undefined}
          onChange={(event) => setNote(event.target.value)}
        />
        {noteError ? (
          <p id={errorId} className="text-sm text-red-700">
            {noteError}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonPrimary} disabled={busy} onClick={() => void decide('approve')}>
            Approve {review.title}
          </button>
          <button type="button" className={buttonSecondary} disabled={busy} onClick={() => void decide('reject')}>
            Request changes to {review.title}
          </button>
        </div>
      </div>
    </li>
  )
}

export function ReviewQueue({ reviews }: { reviews: ContentReview[] }) {
  // One action for the queue: a decided item leaves the list, and its toast must still show.
  const action = useAdminAction()
  if (reviews.length === 0) return <EmptyState title={text.empty}>Requests appear here when an editor asks for a review.</EmptyState>
  return (
    <ul className="grid gap-4" aria-label="Waiting for approval">
      {reviews.map((review) => (
        <ReviewItem key={review.id} review={review} action={action} />
      ))}
    </ul>
  )
}
