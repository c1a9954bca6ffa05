import { solutionMessages, type Solution } from '~/entities/solution'
import { listSolutions } from '~/features/admin/solutions/api/solutions'
import { requestSolutionReview, solutionCrud } from '~/features/admin/solutions/solution-intents'
import { solutionsResource } from '~/features/admin/solutions/solutions-resource'
import { reviewMessages } from '~/entities/content-review'
import { approvalRequired, listReviewStates, listSolutionDrafts } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import type { Route } from './+types/solutions'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Solutions')

export async function clientLoader() {
  const [rows, reviews, approvalNeeded, drafts] = await Promise.all([
    loadOr(solutionMessages.fetchFailed, listSolutions, []),
    loadOr(reviewMessages.fetchFailed, (db) => listReviewStates(db, 'solution'), []),
    loadOr(reviewMessages.fetchFailed, approvalRequired, false),
    loadOr(reviewMessages.fetchFailed, listSolutionDrafts, new Map<string, Partial<Solution>>()),
  ])
  return { rows: rows.map((row) => ({ ...row, draft: approvalNeeded ? (drafts.get(row.id) ?? null) : null })), reviews, approvalNeeded }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// The list's writes; a solution is written on its own page (solution.tsx).
export const clientAction = adminAction({
  delete: solutionCrud.delete,
  ...revisionIntents,
  requestReview: requestSolutionReview,
})

export default function AdminSolutionsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReviewStates reviews={loaderData.reviews} required={loaderData.approvalNeeded}>
      <ResourceScreen resource={solutionsResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
