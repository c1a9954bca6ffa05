import { redirectMessages as m, redirectSchema, type RedirectValues } from '~/entities/redirect'
import { ResourceScreen } from '~/features/admin/components/resource-screen'
import { adminAction, attempt, crudIntents, loadOr, parseValues, versionOf, type ActionBody, type Intent } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { createRedirect, deleteRedirect, listRedirects, RedirectRefused, updateRedirect } from '~/features/admin/redirects/api/redirects'
import { redirectsResource } from '~/features/admin/redirects/redirects-resource'
import type { Db } from '~/lib/supabase'
import type { Route } from './+types/redirects'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Redirects')

export async function clientLoader() {
  return { redirects: await loadOr(m.fetchFailed, listRedirects, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

/**
 * Create or update: a loop or a chain is refused by the database with a reason staff can act on,
 * shown beside To; anything else fails as every admin save does.
 */
function saveRedirect(failure: string, success: string, write: (db: Db, values: RedirectValues, body: ActionBody) => Promise<void>): Intent {
  return async (db, body) => {
    const input = parseValues(redirectSchema, body.values, failure)
    if ('error' in input) return input.error
    let refusal: string | null = null
    const result = await attempt(
      async () => {
        try {
          await write(db, input.values, body)
        } catch (error) {
          if (!(error instanceof RedirectRefused)) throw error
          refusal = error.message
        }
      },
      failure,
      success,
    )
    return refusal ? { ok: false, toast: { kind: 'error', message: failure }, fieldErrors: { to_path: refusal } } : result
  }
}

export const clientAction = adminAction({
  ...crudIntents({ schema: redirectSchema, messages: m }, { create: createRedirect, update: updateRedirect, remove: deleteRedirect }),
  create: saveRedirect(m.createFailed, m.created, (db, values) => createRedirect(db, values)),
  update: saveRedirect(m.updateFailed, m.updated, (db, values, body) => updateRedirect(db, String(body.id), values, versionOf(body))),
})

export default function AdminRedirectsRoute({ loaderData }: Route.ComponentProps) {
  return <ResourceScreen resource={redirectsResource} rows={loaderData.redirects} />
}
