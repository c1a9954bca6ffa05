// An editor's "Review" settings: the item's latest review (waiting, approved by whom, or changes
// requested with the reviewer's note), "Request review" while publishing needs approval, and
// "Add to release".
import { reviewLabel, type ItemKind } from '~/entities/content-review'
import type { ActionBody } from '../../lib/admin-action'
import { useFormatTime } from '../../lib/time-zone'
import { AddToRelease, RequestReviewButton, ReviewBadge, useReview } from './review-state'

export interface ReviewPanelProps {
  kind: ItemKind
  id: string
  name: string
  /** Whether visitors see the item now (its change then needs a release or a review to go live). */
  live: boolean
  /** Posts the request (an editor first sends what its autosave still holds). */
  run: (body: ActionBody) => void
}

export function ReviewPanel({ kind, id, name, live, run }: ReviewPanelProps) {
  const { review, required } = useReview(id)
  const formatTime = useFormatTime()
  const label = review ? reviewLabel(review, (at) => formatTime(at), review.decided_at) : null
  return (
    <div className="grid gap-2 text-sm text-slate-700">
      {label ? <ReviewBadge id={id} /> : <p>{required ? 'Not reviewed yet: publishing needs approval.' : 'Publishing needs no approval.'}</p>}
      <RequestReviewButton kind={kind} id={id} name={name} run={run} label="Request review" />
      <AddToRelease kind={kind} id={id} name={name} live={live} run={run} />
    </div>
  )
}
