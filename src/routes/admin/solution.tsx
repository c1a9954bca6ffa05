import { latestByItem, reviewMessages } from '~/entities/content-review'
import { solutionMessages, type Solution } from '~/entities/solution'
import { ItemPage } from '~/features/admin/components/resource-page'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { listReviewStates, listSolutionDrafts } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { getSolution } from '~/features/admin/solutions/api/solutions'
import { solutionPageIntents } from '~/features/admin/solutions/solution-intents'
import { solutionPage } from '~/features/admin/solutions/solutions-resource'
import { getSiteSettings } from '~/features/settings/api/site-settings'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import type { Route } from './+types/solution'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.solution ? `Edit: ${data.solution.title}` : 'Solution')

/** A solution ('new': none yet) with its waiting edit and its review. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const isNew = params.id === 'new'
  const [solution, reviews, drafts] = await Promise.all([
    isNew ? null : loadOr(solutionMessages.fetchFailed, (db) => getSolution(db, params.id), null),
    isNew ? [] : loadOr(reviewMessages.fetchFailed, (db) => listReviewStates(db, 'solution'), []),
    isNew ? new Map<string, Partial<Solution>>() : loadOr(reviewMessages.fetchFailed, listSolutionDrafts, new Map<string, Partial<Solution>>()),
  ])
  const review = latestByItem(reviews)[params.id]
  return { isNew, solution: solution ? { ...solution, draft: drafts.get(solution.id) ?? null } : null, reviews: review ? [review] : [] }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(solutionPageIntents(async (db) => (await getSiteSettings(db)).content_requires_approval))

export default function AdminSolutionRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  const { solution } = loaderData
  // A waiting edit is what the page opens on only while publishing needs approval.
  const item = solution && !required ? { ...solution, draft: null } : solution
  return (
    <ReviewStates reviews={loaderData.reviews} required={required}>
      <ItemPage description={solutionPage} item={item} isNew={loaderData.isNew} noun="solution" />
    </ReviewStates>
  )
}
