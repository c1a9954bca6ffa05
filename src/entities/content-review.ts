// Compliance sign-off: a review asks a reviewer (content.approve) to approve the version of an item
// visitors read (a post, a solution, website copy, a testimonial, …) or of a release that is to go
// live. The database keeps the registry of these kinds, the reviews (content_reviews) and refuses to
// publish an unapproved version while the site setting content_requires_approval is on.
import type { Database } from '~/lib/database.types'

export type ContentReview = Database['public']['Tables']['content_reviews']['Row']

/** The kinds of private.reviewable_kinds, as the back office names them, with the screen that edits each. */
export const ITEM_KINDS = {
  post: { label: 'Blog post', screen: '/admin/blog' },
  solution: { label: 'Solution', screen: '/admin/solutions' },
  copy: { label: 'Website copy', screen: '/admin/content' },
  legal: { label: 'Legal page', screen: '/admin/content' },
  testimonial: { label: 'Testimonial', screen: '/admin/testimonials' },
  client: { label: 'Client', screen: '/admin/clients' },
  team_member: { label: 'Team member', screen: '/admin/team' },
  job: { label: 'Job opening', screen: '/admin/jobs' },
  setting: { label: 'Site setting', screen: '/admin/settings' },
} as const
export type ItemKind = keyof typeof ITEM_KINDS
/** What can be reviewed: an item, or a release as a whole. */
export type ReviewKind = ItemKind | 'release'

export function isReviewKind(value: unknown): value is ReviewKind {
  return value === 'release' || (typeof value === 'string' && isItemKind(value))
}

function isItemKind(value: string): value is ItemKind {
  return Object.hasOwn(ITEM_KINDS, value)
}

export function kindLabel(kind: string): string {
  return kind === 'release' ? 'Release' : isItemKind(kind) ? ITEM_KINDS[kind].label : kind
}

/** The back-office screen where an item of the kind (or a release) is edited. */
export function kindScreen(kind: string): string {
  return kind === 'release' ? '/admin/releases' : isItemKind(kind) ? ITEM_KINDS[kind].screen : '/admin'
}
export type ReviewDecision = 'approve' | 'reject'

/** The site setting "Publishing needs approval". */
export const REQUIRES_APPROVAL_KEY = 'content_requires_approval'

/** What an author sees of an item's latest review. */
export type ReviewState = Pick<ContentReview, 'id' | 'kind' | 'item_id' | 'state' | 'decided_by_name' | 'decided_at' | 'decision_note' | 'requested_at'>

export const reviewMessages = {
  fetchFailed: 'Failed to fetch reviews',
  requested: 'Review requested: reviewers have been e-mailed',
  requestFailed: 'Failed to request a review',
  approved: 'Approved: the approved version is now published',
  releaseApproved: 'Approved: the release goes live when it is published, or at its time',
  rejected: 'Changes requested: the author has been e-mailed',
  decideFailed: 'Failed to record the decision',
  changed: 'This changed after you opened it; review the new version',
  previewFailed: 'Failed to create the preview link',
  noteNeeded: 'Say what needs to change: a rejection needs a note.',
  empty: 'Nothing waits for review',
  savedForReview: 'Saved: request a review to publish it',
  saveFailed: 'Failed to save',
  added: 'Added to the release',
  addFailed: 'Failed to add it to the release',
}

/** The badge text of an item's latest review, or null when it shows none (withdrawn by a change). */
export function reviewLabel(
  review: Pick<ReviewState, 'state' | 'decided_by_name' | 'decision_note'>,
  formatDate: (iso: string) => string,
  decidedAt: string | null,
): string | null {
  switch (review.state) {
    case 'pending':
      return 'Waiting for approval'
    case 'rejected':
      return `Changes requested: ${review.decision_note ?? ''}`
    case 'approved':
      return `Approved by ${review.decided_by_name ?? 'a reviewer'}${decidedAt ? ` on ${formatDate(decidedAt)}` : ''}`
    default:
      return null
  }
}

/** The newest review of each item (reviews listed newest first). */
export function latestByItem<T extends Pick<ReviewState, 'item_id'>>(reviews: readonly T[]): Record<string, T> {
  const latest: Record<string, T> = {}
  for (const review of reviews) latest[review.item_id] ??= review
  return latest
}

/** The visitor-visible fields as the diff shows them; bookkeeping the fingerprint leaves out is not here either. */
export function reviewFields(content: unknown): Record<string, unknown> {
  return typeof content === 'object' && content !== null && !Array.isArray(content) ? (content as Record<string, unknown>) : {}
}

/** The stored files a reviewed version shows, by media object name, with the content hash each had (null: not stored). */
export function reviewFiles(files: unknown): Record<string, string | null> {
  const entries = Object.entries(reviewFields(files)).map(([name, hash]) => [name, typeof hash === 'string' ? hash.replace(/"/g, '') : null])
  return Object.fromEntries(entries) as Record<string, string | null>
}
