import { reviewMessages as m, type ContentReview, type ReviewDecision, type ReviewKind, type ReviewState } from '~/entities/content-review'
import type { Solution, SolutionValues } from '~/entities/solution'
import type { Json } from '~/lib/database.types'
import { check, unwrap, type Db } from '~/lib/supabase'
import { updateSolution } from '../../solutions/api/solutions'

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

/** Whether publishing needs approval now (site setting content_requires_approval). */
export async function approvalRequired(db: Db): Promise<boolean> {
  const { data } = await db.from('site_settings').select('value').eq('key', 'content_requires_approval').maybeSingle()
  return data?.value === 'true'
}

/** The waiting edits of live solutions (their draft copies), by solution id, as row fields. */
export async function listSolutionDrafts(db: Db): Promise<Map<string, Partial<Solution>>> {
  const rows = unwrap(await db.from('solution_drafts').select('id, solution_values'), m.fetchFailed)
  return new Map(rows.map((row) => [row.id, row.solution_values as Partial<Solution>]))
}

/** While publishing needs approval: a new solution waits unpublished for its review. */
export async function createSolutionForReview(db: Db, values: SolutionValues): Promise<string> {
  return unwrap<{ id: string }>(
    await db
      .from('solutions')
      .insert({ ...values, published: false })
      .select('id')
      .single(),
    m.saveFailed,
  ).id
}

/**
 * While publishing needs approval: a live solution's edit goes to its draft copy (the live row, and
 * so its version, stays); an unpublished one is saved as it is, resolving with its new version.
 */
export async function saveSolutionForReview(db: Db, id: string, values: SolutionValues, version?: string): Promise<string | void> {
  const { data: solution, error } = await db.from('solutions').select('published').eq('id', id).maybeSingle()
  if (error || !solution) throw new Error(`${m.saveFailed}: ${error?.message ?? 'not found'}`)
  if (!solution.published) return updateSolution(db, id, values, version)
  const row = values as unknown as { [key: string]: Json }
  check(await db.from('solution_drafts').upsert({ id, solution_values: row }), m.saveFailed)
}
