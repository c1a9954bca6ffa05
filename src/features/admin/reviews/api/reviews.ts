import { reviewMessages as m, type ContentReview, type ItemKind, type ReviewDecision, type ReviewKind, type ReviewState } from '~/entities/content-review'
import type { Json } from '~/lib/database.types'
import { check, unwrap, type Db } from '~/lib/supabase'
import { listPendingChanges } from './pending-changes'

/** What waits for a decision, oldest request first. */
export async function listWaitingReviews(db: Db): Promise<ContentReview[]> {
  return unwrap(await db.from('content_reviews').select('*').eq('state', 'pending').order('requested_at'), m.fetchFailed)
}

/** Every review of one kind, newest first: the lists show each item's latest. */
export async function listReviewStates(db: Db, kind: ReviewKind): Promise<ReviewState[]> {
  return unwrap(
    await db
      .from('content_reviews')
      .select('id, kind, item_id, state, decided_by_name, decided_at, decision_note, requested_at')
      .eq('kind', kind)
      .order('requested_at', { ascending: false })
      .limit(1000),
    m.fetchFailed,
  )
}

/** Asks for a review of the item's current version (its draft copy applied). */
export async function requestReview(db: Db, kind: ReviewKind, id: string, note: string | null): Promise<void> {
  check(await db.rpc('request_review', { kind, id, note: note ?? undefined }), m.requestFailed)
}

/**
 * Approves (publishing the approved version) or rejects (with a note) the version of the item the
 * reviewer saw, named by its fingerprint. 'changed' when the item changed after the reviewer opened
 * it (the database refuses to decide another version than the one on screen).
 */
export async function reviewContent(
  db: Db,
  kind: ReviewKind,
  id: string,
  decision: ReviewDecision,
  note: string | null,
  fingerprint: string,
): Promise<'decided' | 'changed'> {
  const result = await db.rpc('review_content', { kind, id, decision, note: note ?? undefined, fingerprint })
  if (result.error?.code === '40001') return 'changed'
  check(result, m.decideFailed)
  return 'decided'
}

/** A preview link of exactly the version under review (a post), working while the review waits; returns its token. */
export async function createReviewPreview(db: Db, reviewId: string): Promise<string> {
  return unwrap(await db.rpc('create_review_preview', { review_id: reviewId }), m.previewFailed)
}

/**
 * Saves an item while publishing needs approval: a new one (id null) is stored hidden and waits for
 * its review; a visible change to a live one waits as its pending change, visitors keeping the live
 * version; anything else is saved as it is. Returns the item's id and its row's version after the save.
 */
export async function saveForReview(db: Db, kind: ItemKind, id: string | null, values: object, version?: string): Promise<{ id: string; version: string }> {
  const change = values as { [key: string]: Json }
  return unwrap(await db.rpc('save_change', { kind, change, ...(id ? { id } : {}), ...(version ? { version } : {}) }), m.saveFailed) as {
    id: string
    version: string
  }
}

/** What a list of one kind shows of sign-off: each item's latest review, pending change and open release. */
export interface SignOff {
  reviews: ReviewState[]
  /** Each item's change waiting, as its form fields. */
  changes: Record<string, Record<string, unknown>>
  /** The open releases, to add an item to. */
  releases: { id: string; name: string }[]
  /** The open release each item is in, by item id. */
  releaseOf: Record<string, string>
}

export const NO_SIGN_OFF: SignOff = { reviews: [], changes: {}, releases: [], releaseOf: {} }

/** The sign-off state of a list of one kind (or of a screen of several, such as website copy and legal pages). */
export async function loadSignOff(db: Db, kind: ItemKind | ItemKind[]): Promise<SignOff> {
  const kinds = Array.isArray(kind) ? kind : [kind]
  const [reviews, changeMaps, releases, items] = await Promise.all([
    Promise.all(kinds.map((k) => listReviewStates(db, k))),
    Promise.all(kinds.map((k) => listPendingChanges<Record<string, unknown>>(db, k, m.fetchFailed))),
    db.from('releases').select('id, name').eq('state', 'open').order('created_at'),
    db.from('release_items').select('item_id, release_id').in('kind', kinds),
  ])
  const changes = changeMaps.flatMap((map) => [...map])
  const open = unwrap(releases, m.fetchFailed)
  const names = new Map(open.map((release) => [release.id, release.name]))
  const releaseOf: Record<string, string> = {}
  for (const item of unwrap(items, m.fetchFailed)) {
    const name = names.get(item.release_id)
    if (name) releaseOf[item.item_id] = name
  }
  return {
    reviews: reviews.flat(),
    changes: Object.fromEntries(changes.map(([id, change]) => [id, change.values])),
    releases: open,
    releaseOf,
  }
}
