// Pending changes (content_drafts): the unpublished edit of an item of any reviewable kind, one per
// item: a post's autosaved draft copy, a live solution's or testimonial's edit waiting for approval.
import type { ItemKind } from '~/entities/content-review'
import type { Json } from '~/lib/database.types'
import { check, unwrap, unwrapOptional, type Db } from '~/lib/supabase'

export interface PendingChange<Values> {
  values: Partial<Values>
  /** When it was saved last (the database's time). */
  savedAt: string
}

/** Every pending change of a kind, by item id. */
export async function listPendingChanges<Values>(db: Db, kind: ItemKind, failure: string): Promise<Map<string, PendingChange<Values>>> {
  const rows = unwrap(await db.from('content_drafts').select('id, change, updated_at').eq('kind', kind), failure)
  return new Map(rows.map((row) => [row.id, { values: row.change as Partial<Values>, savedAt: row.updated_at }]))
}

/** One item's pending change, when it has one. */
export async function getPendingChange<Values>(db: Db, kind: ItemKind, id: string, failure: string): Promise<PendingChange<Values> | null> {
  const row = unwrapOptional(await db.from('content_drafts').select('change, updated_at').eq('kind', kind).eq('id', id).maybeSingle(), failure)
  return row ? { values: row.change as Partial<Values>, savedAt: row.updated_at } : null
}

/** Saves the item's pending change as given (it may not pass the form's rules yet); returns when it was saved. */
export async function savePendingChange(db: Db, kind: ItemKind, id: string, values: object, failure: string): Promise<string> {
  const change = values as { [key: string]: Json }
  const rows = unwrap(await db.from('content_drafts').upsert({ kind, id, change }, { onConflict: 'kind,id' }).select('updated_at'), failure)
  const saved = rows.at(0)
  if (!saved) throw new Error(`${failure}: the pending change was not stored`)
  return saved.updated_at
}

export async function discardPendingChange(db: Db, kind: ItemKind, id: string, failure: string): Promise<void> {
  check(await db.from('content_drafts').delete().eq('kind', kind).eq('id', id), failure)
}
