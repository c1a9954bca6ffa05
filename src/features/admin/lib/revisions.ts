import { revisionMessages as m, type DeletedItem, type Revision, type VersionedTable } from '~/entities/revision'
import { check, unwrap, type Db } from '~/lib/supabase'
import { attempt, type Intent } from './admin-action'

/** An item's versions, newest first. */
export async function listRevisions(db: Db, table: VersionedTable, id: string): Promise<Revision[]> {
  return unwrap(await db.rpc('item_revisions', { item_table: table, item_id: id }), m.fetchFailed)
}

/** Items of `table` deleted recently enough to be brought back, newest first. */
export async function listRecentlyDeleted(db: Db, table: VersionedTable): Promise<DeletedItem[]> {
  return unwrap(await db.rpc('recently_deleted'), m.fetchFailed).filter((item) => item.item_table === table)
}

export async function restoreRevision(db: Db, revisionId: number): Promise<void> {
  check(await db.rpc('restore_revision', { revision_id: revisionId }), m.restoreFailed)
}

/** The intents of a screen with versions: restore one (from History or Recently deleted). */
export const revisionIntents: Record<'restore' | 'undelete', Intent> = {
  restore: (db, body) => attempt(() => restoreRevision(db, Number(body.revisionId)), m.restoreFailed, m.restored),
  undelete: (db, body) => attempt(() => restoreRevision(db, Number(body.revisionId)), m.bringFailed, m.brought),
}
