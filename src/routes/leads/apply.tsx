import { redirect } from 'react-router'
import { getOpenJobSlug, jobPath } from '~/features/careers/api/job-openings'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import type { Route } from './+types/apply'

// The old address of an application form: the form is on the role's own page now. A role that is
// not open (or never was) sends the visitor to the list of open roles.
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = await loadSafely(`Reading job opening ${params.id}`, () => getOpenJobSlug(requestDb(context), params.id), null)
  throw redirect(slug ? jobPath(slug) : '/careers', 301)
}
