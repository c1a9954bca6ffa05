import { recordViewFromRequest } from '~/features/page-views/server/record-view.server'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/page-view'

// A beacon is a path in a few bytes of JSON.
export const handle: ServerHints = { maxBodyBytes: 2 * 1024 }

/** POST {"path": "/about"}: counts one view. Always 204, so the answer says nothing. */
export async function action({ request, context }: Route.ActionArgs) {
  await recordViewFromRequest(requestDb(context), request)
  return new Response(null, { status: 204, headers: { 'Cache-Control': 'no-store' } })
}
