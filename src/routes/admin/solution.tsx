import { latestByItem, reviewMessages } from '~/entities/content-review'
import { solutionMessages, type Solution } from '~/entities/solution'
import { ItemPage } from '~/features/admin/components/resource-page'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { approvalRequired, listReviewStates, listSolutionDrafts } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { getSolution } from '~/features/admin/solutions/api/solutions'
import { solutionPageIntents } from '~/features/admin/solutions/solution-intents'
import { solutionPage } from '~/features/admin/solutions/solutions-resource'
import type { Route } from './+types/solution'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.solution ? `Edit: ${data.solution.title}` : 'Solution')

/** A solution ('new': none yet) with its waiting edit, its review and whether publishing needs one. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const isNew = params.id === 'new'
  const [solution, reviews, approvalNeeded, drafts] = await Promise.all([
    isNew ? null : loadOr(solutionMessages.fetchFailed, (db) => getSolution(db, params.id), null),
    isNew ? [] : loadOr(reviewMessages.fetchFailed, (db) => listReviewStates(db, 'solution'), []),
    loadOr(reviewMessages.fetchFailed, approvalRequired, false),
    isNew ? new Map<string, Partial<Solution>>() : loadOr(reviewMessages.fetchFailed, listSolutionDrafts, new Map<string, Partial<Solution>>()),
  ])
  const review = latestByItem(reviews)[params.id]
  return {
    isNew,
    solution: solution ? { ...solution, draft: approvalNeeded ? (drafts.get(solution.id) ?? null) : null } : null,
    reviews: review ? [review] : [],
    approvalNeeded,
  }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(solutionPageIntents)

export default function AdminSolutionRoute({ loaderData }: Route.ComponentProps) {
  return (
    <ReviewStates reviews={loaderData.reviews} required={loaderData.approvalNeeded}>
      <ItemPage description={solutionPage} item={loaderData.solution} isNew={loaderData.isNew} noun="solution" />
    </ReviewStates>
  )
}
