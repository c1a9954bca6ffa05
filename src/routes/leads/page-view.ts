import { recordViewFromRequest } from '~/features/page-views/server/record-view.server'
import { requestDb } from '~/lib/db.server'
import type { Route } from './+types/page-view'

/** POST {"path": "/about"}: counts one view. Always 204, so the answer says nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  await recordViewFromRequest(requestDb(context), request)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
