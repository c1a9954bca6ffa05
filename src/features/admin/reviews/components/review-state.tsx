// What the blog and solutions lists show of reviews: each item's latest review as a badge, and the
// "Request review" button while publishing needs approval. The route hands the reviews down once.
import { ShieldCheck } from 'lucide-react'
import { createContext, useContext, type ReactNode } from 'react'
import { latestByItem, reviewLabel, type ReviewKind, type ReviewState } from '~/entities/content-review'
import type { ActionBody } from '../../lib/admin-action'
import { badge, buttonSecondary, iconButton } from '../../components/styles'
import { useFormatTime } from '../../lib/time-zone'

interface Reviews {
  latest: Record<string, ReviewState>
  required: boolean
}

const ReviewsContext = createContext<Reviews>({ latest: {}, required: false })

export function ReviewStates({ reviews, required, children }: { reviews: ReviewState[]; required: boolean; children: ReactNode }) {
  return <ReviewsContext.Provider value={{ latest: latestByItem(reviews), required }}>{children}</ReviewsContext.Provider>
}

const STYLE: Record<string, string> = {
  pending: 'bg-amber-50 text-amber-800',
  rejected: 'bg-red-50 text-red-800',
  approved: 'bg-emerald-50 text-emerald-800',
}

/** An item's latest review, and whether publishing needs one now. */
export function useReview(id: string): { review: ReviewState | null; required: boolean } {
  const { latest, required } = useContext(ReviewsContext)
  return { review: latest[id] ?? null, required }
}

export function ReviewBadge({ id }: { id: string }) {
  const review = useContext(ReviewsContext).latest[id]
  const formatTime = useFormatTime()
  if (!review) return null
  const label = reviewLabel(review, (at) => formatTime(at), review.decided_at)
  return label ? <span className={`${badge} ${STYLE[review.state] ?? ''}`}>{label}</span> : null
}

/** Shown while publishing needs approval; hidden while a request waits. With `label`, a text button (an editor's panel). */
export function RequestReviewButton({
  kind,
  id,
  name,
  run,
  label,
}: {
  kind: ReviewKind
  id: string
  name: string
  run: (body: ActionBody) => void
  label?: string
}) {
  const { latest, required } = useContext(ReviewsContext)
  if (!required || latest[id]?.state === 'pending') return null
  if (label) {
    return (
      <button type="button" className={`${buttonSecondary} justify-self-start`} onClick={() => run({ intent: 'requestReview', kind, id })}>
        <ShieldCheck aria-hidden className="size-4" /> {label}
      </button>
    )
  }
  return (
    <button
      type="button"
      className={iconButton}
      title="Request review"
      aria-label={`Request review of ${name}`}
      onClick={() => run({ intent: 'requestReview', kind, id })}
    >
      <ShieldCheck aria-hidden className="size-4" />
    </button>
  )
}
