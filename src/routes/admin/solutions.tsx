import { solutionMessages, solutionSchema, type Solution } from '~/entities/solution'
import { createSolution, deleteSolution, listSolutions, updateSolution } from '~/features/admin/solutions/api/solutions'
import { solutionsResource } from '~/features/admin/solutions/solutions-resource'
import { reviewMessages } from '~/entities/content-review'
import {
  approvalRequired,
  createSolutionForReview,
  listReviewStates,
  listSolutionDrafts,
  requestReview,
  saveSolutionForReview,
} from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, crudIntents, loadOr } from '~/features/admin/lib/admin-action'
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

const crud = crudIntents(
  { schema: solutionSchema, messages: solutionMessages, toast: 'done' },
  { create: createSolution, update: updateSolution, remove: deleteSolution },
)

// While publishing needs approval, new solutions wait unpublished and a live one's edits wait in its draft copy.
const crudForReview = crudIntents(
  { schema: solutionSchema, messages: { ...solutionMessages, created: reviewMessages.savedForReview, updated: reviewMessages.savedForReview } },
  { create: createSolutionForReview, update: saveSolutionForReview, remove: deleteSolution },
)

export const clientAction = adminAction({
  ...crud,
  create: async (db, body) => ((await approvalRequired(db)) ? crudForReview.create(db, body) : crud.create(db, body)),
  update: async (db, body) => ((await approvalRequired(db)) ? crudForReview.update(db, body) : crud.update(db, body)),
  ...revisionIntents,
  requestReview: (db, body) => attempt(() => requestReview(db, 'solution', String(body.id), null), reviewMessages.requestFailed, reviewMessages.requested),
})

export default function AdminSolutionsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReviewStates reviews={loaderData.reviews} required={loaderData.approvalNeeded}>
      <ResourceScreen resource={solutionsResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
