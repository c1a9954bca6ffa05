// Reads of the publication record, as a reviewer or an admin (the database refuses anyone else).
import type { PublicationRecord, RecordHealth } from '~/entities/publication-record'
import { unwrap, type Db } from '~/lib/supabase'

/** The record of every item visitors could see at `asOf`, oldest first. */
export async function getSnapshot(db: Db, asOf: string): Promise<PublicationRecord[]> {
  return unwrap(await db.rpc('publication_snapshot', { as_of: asOf }), 'Failed to read the publication record')
}

export interface RecordChange {
  kind: string
  itemId: string
  title: string
  before: { seq: number; content: unknown; liveFrom: string } | null
  after: { seq: number; event: string; content: unknown; liveFrom: string }
  versions: number
}

/** What changed for visitors between two moments: each item as it was live at the first and at the second. */
export async function getChanges(db: Db, since: string, until: string): Promise<RecordChange[]> {
  const rows = unwrap(await db.rpc('publication_changes', { since, until }), 'Failed to read the changes')
  return rows.map((row) => ({
    kind: row.kind,
    itemId: row.item_id,
    title: row.title ?? '',
    before: row.before_seq === null ? null : { seq: row.before_seq, content: row.before_content, liveFrom: row.before_live_from },
    after: { seq: row.after_seq, event: row.after_event, content: row.after_content, liveFrom: row.after_live_from },
    versions: row.versions,
  }))
}

/** The last daily verification of the chain. */
export async function getRecordHealth(db: Db): Promise<RecordHealth> {
  const rows = unwrap(await db.rpc('publication_record_health'), "Failed to read the publication record's check")
  const row = rows[0]
  return {
    checkedAt: row?.checked_at ?? null,
    intact: row?.intact ?? null,
    checked: row?.checked ?? null,
    firstBroken: row?.first_broken ?? null,
    reason: row?.reason ?? null,
  }
}

export interface Verification {
  intact: boolean
  checked: number
  firstBroken: number | null
  reason: string | null
  headHash: string
}

/** Walks the chain now (admins). */
export async function verifyRecord(db: Db): Promise<Verification> {
  const rows = unwrap(await db.rpc('verify_publication_record'), 'Failed to verify the publication record')
  const row = rows[0]
  return { intact: row.intact, checked: row.checked, firstBroken: row.first_broken, reason: row.reason, headHash: row.head_hash }
}
