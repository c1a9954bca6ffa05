// A list's Recently deleted items: read when the dialog opens, and again after every write.
import { isVersionedTable, revisionMessages } from '~/entities/revision'
import { loadOr } from '~/features/admin/lib/admin-action'
import { listRecentlyDeleted } from '~/features/admin/lib/revisions'
import type { Route } from './+types/deleted-api'

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const { table } = params
  if (!isVersionedTable(table)) return { items: [] }
  return { items: await loadOr(revisionMessages.fetchFailed, (db) => listRecentlyDeleted(db, table), []) }
}
