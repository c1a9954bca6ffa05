import { solutionMessages, solutionSchema } from '~/entities/solution'
import { createSolution, deleteSolution, listSolutions, updateSolution } from '~/features/admin/solutions/api/solutions'
import { solutionsResource } from '~/features/admin/solutions/solutions-resource'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, crudIntents, loadOr } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import type { Route } from './+types/solutions'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Solutions')

export async function clientLoader() {
  return { rows: await loadOr(solutionMessages.fetchFailed, listSolutions, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export const clientAction = adminAction({
  ...crudIntents(
    { schema: solutionSchema, messages: solutionMessages, toast: 'done' },
    { create: createSolution, update: updateSolution, remove: deleteSolution },
  ),
  ...revisionIntents,
})

export default function AdminSolutionsRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={solutionsResource} rows={loaderData.rows} />
}
