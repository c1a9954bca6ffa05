import { reviewMessages } from '~/entities/content-review'
import { solutionMessages } from '~/entities/solution'
import { ItemPage } from '~/features/admin/components/resource-page'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { getSolution } from '~/features/admin/solutions/api/solutions'
import { solutionPageIntents } from '~/features/admin/solutions/solution-intents'
import { solutionPage } from '~/features/admin/solutions/solutions-resource'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/solution'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ data }) => adminMeta(data?.solution ? `Edit: ${data.solution.title}` : 'Solution')

/** A solution ('new': none yet) with its sign-off: its change waiting, its review, the open releases. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const isNew = params.id === 'new'
  const [solution, signOff] = await Promise.all([
    isNew ? null : loadOr(solutionMessages.fetchFailed, (db) => getSolution(db, params.id), null),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'solution'), NO_SIGN_OFF),
  ])
  return { isNew, solution, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction(solutionPageIntents(approvalRequired))

export default function AdminSolutionRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ItemPage description={solutionPage} item={loaderData.solution} isNew={loaderData.isNew} noun="solution" />
    </ReviewStates>
  )
}
