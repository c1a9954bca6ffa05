// An item's versions, for its History dialog: read on demand, and again after every write.
import { isVersionedTable, revisionMessages } from '~/entities/revision'
import { loadOr } from '~/features/admin/lib/admin-action'
import { listRevisions } from '~/features/admin/lib/revisions'
import type { Route } from './+types/versions-api'

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { table, id } = params
  if (!isVersionedTable(table)) return { versions: [] }
  return { versions: await loadOr(revisionMessages.fetchFailed, (db) => listRevisions(db, table, id), []) }
}
