import { isReviewKind, reviewMessages as text, type ReviewDecision } from '~/entities/content-review'
import { postPreviewMessages, previewPath } from '~/entities/post-preview'
import { PageHeader } from '~/features/admin/components/page-header'
import { adminAction, attempt, loadOr, refused, type ActionResult } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { createReviewPreview, listWaitingReviews, reviewContent } from '~/features/admin/reviews/api/reviews'
import { ReviewQueue } from '~/features/admin/reviews/components/review-queue'
import type { Route } from './+types/reviews'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Reviews')

export async function clientLoader() {
  return { reviews: await loadOr(text.fetchFailed, listWaitingReviews, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

const DECISIONS: readonly ReviewDecision[] = ['approve', 'reject']

/**
 * The database's own refusal (not your change to approve) is what the reviewer reads. A version
 * changed since the screen showed it is refused and the queue is read again, to show the new one.
 */
async function explain(work: () => Promise<'decided' | 'changed'>, success: string): Promise<ActionResult> {
  try {
    if ((await work()) === 'changed') return { ...refused(text.changed), reload: true }
    return { ok: true, toast: { kind: 'success', message: success } }
  } catch (error) {
    console.error(text.decideFailed, error)
    return refused(error instanceof Error ? error.message : text.decideFailed)
  }
}

export const clientAction = adminAction({
  // A post waiting for review, as visitors will see it: the version under review, while it waits.
  preview: async (db, body) => {
    let token = ''
    const result = await attempt(async () => (token = await createReviewPreview(db, String(body.reviewId))), text.previewFailed, postPreviewMessages.created)
    return result.ok ? { ...result, link: previewPath(token) } : result
  },
  decide: async (db, body) => {
    const kind = isReviewKind(body.kind) ? body.kind : undefined
    const decision = DECISIONS.find((d) => d === body.decision)
    const note = typeof body.note === 'string' && body.note.trim() !== '' ? body.note.trim() : null
    const fingerprint = typeof body.fingerprint === 'string' ? body.fingerprint : null
    if (!kind || !decision || typeof body.id !== 'string' || !fingerprint) return refused(text.decideFailed)
    if (decision === 'reject' && !note) return refused(text.noteNeeded, { note: text.noteNeeded })
    return explain(
      () => reviewContent(db, kind, String(body.id), decision, note, fingerprint),
      decision === 'reject' ? text.rejected : kind === 'release' ? text.releaseApproved : text.approved,
    )
  },
})

export default function AdminReviewsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Reviews" subtitle="Changes and releases waiting for approval before they go live" />
      <ReviewQueue reviews={loaderData.reviews} />
    </>
  )
}
