import { activityMessages as text } from '~/entities/activity'
import { activityCsv, filtersFrom, listActivity, listStaff } from '~/features/admin/activity/api/activity'
import { ActivityScreen } from '~/features/admin/activity/components/activity-screen'
import { adminAction, attempt, loadOr } from '~/features/admin/lib/admin-action'
import { csvFile } from '~/features/admin/lib/csv'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/activity'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Activity')

/** The filters and page are in the URL; the database filters, so a change of them loads again. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { page, ...filters } = filtersFrom(new URL(request.url).searchParams)
  const [feed, staff] = await Promise.all([
    loadOr(text.fetchFailed, (db) => listActivity(db, filters, page), { rows: [], hasMore: false }),
    loadOr(text.fetchFailed, listStaff, []),
  ])
  return { ...feed, page, staff }
}

/** The log under the filters posted, as a CSV file to download (its address in `link`). */
export const clientAction = adminAction({
  export: async (db, body) => {
    const filters = typeof body.filters === 'string' ? filtersFrom(new URLSearchParams(body.filters)) : null
    if (!filters) return { ok: false, toast: { kind: 'error', message: text.exportFailed } }
    let link = ''
    const result = await attempt(async () => (link = csvFile(await activityCsv(db, filters))), text.exportFailed)
    return result.ok ? { ...result, link } : result
  },
})

export default function AdminActivityRoute({ loaderData }: Route.ComponentProps) {
  return <ActivityScreen rows={loaderData.rows} hasMore={loaderData.hasMore} page={loaderData.page} staff={loaderData.staff} />
}
