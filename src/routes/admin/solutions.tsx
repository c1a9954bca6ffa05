import { solutionMessages } from '~/entities/solution'
import { listSolutions } from '~/features/admin/solutions/api/solutions'
import { solutionIntents } from '~/features/admin/solutions/solution-intents'
import { solutionsResource } from '~/features/admin/solutions/solutions-resource'
import { reviewMessages } from '~/entities/content-review'
import { loadSignOff, NO_SIGN_OFF } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/solutions'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Solutions')

export async function clientLoader() {
  const [rows, signOff] = await Promise.all([
    loadOr(solutionMessages.fetchFailed, listSolutions, []),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'solution'), NO_SIGN_OFF),
  ])
  return { rows, signOff }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

// The list's writes; a solution is written on its own page (solution.tsx).
const solutionCrud = solutionIntents(approvalRequired)

export const clientAction = adminAction({
  delete: solutionCrud.delete,
  ...revisionIntents,
  requestReview: solutionCrud.requestReview,
  addToRelease: solutionCrud.addToRelease,
})

export default function AdminSolutionsRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ResourceScreen resource={solutionsResource} rows={loaderData.rows} />
    </ReviewStates>
  )
}
