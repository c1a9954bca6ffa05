// The publication record: what visitors could read, version by version, appended by the database
// whenever it changed, with who wrote it, who made it live and who approved it. Nobody changes it.
import type { Database } from '~/lib/database.types'

export type PublicationRecord = Database['public']['Tables']['publication_records']['Row']

/** A record's approval as the database keeps it (private.approval_of). */
export interface RecordApproval {
  review: string
  reviewer: string | null
  reviewer_name: string | null
  approved_at: string
  fingerprint: string
  note: string | null
  release: string | null
  release_name: string | null
}

export function approvalOf(record: Pick<PublicationRecord, 'approval'>): RecordApproval | null {
  const approval = record.approval
  return approval && typeof approval === 'object' && !Array.isArray(approval) && typeof approval.fingerprint === 'string'
    ? (approval as unknown as RecordApproval)
    : null
}

/** What made a version live, as a sentence's end: "published by an edit", … */
export const VIA_LABELS: Record<string, string> = {
  edit: 'an edit',
  approval: 'an approval',
  release: 'a release',
  rollback: 'a release rolled back',
  restore: 'an earlier version restored',
  schedule: 'its scheduled time',
  baseline: 'the start of the record',
}

export const EVENT_LABELS: Record<string, string> = {
  published: 'Published',
  changed: 'Changed',
  withdrawn: 'Withdrawn',
}

/** The public page an item of the kind has of its own, by its slug; null for kinds shown only on other pages. */
export function itemPagePath(kind: string, slug: unknown): string | null {
  if (typeof slug !== 'string' || slug === '') return null
  const prefix = ({ post: '/resources/blog/', solution: '/solutions/', job: '/careers/' } as Record<string, string>)[kind]
  return prefix ? `${prefix}${slug}` : null
}

/** Where a recorded file's bytes are kept in the publication-archive bucket, as private.archive_path names them. */
export function archivedFilePath(objectName: string, contentHash: string): string {
  return `${contentHash.replace(/[^A-Za-z0-9_-]/g, '')}/${objectName}`
}

/** The files a version shows: {object name: content hash}. */
export function recordFiles(record: Pick<PublicationRecord, 'files'>): [string, string][] {
  const files = record.files
  if (!files || typeof files !== 'object' || Array.isArray(files)) return []
  return Object.entries(files).flatMap(([name, hash]) => (typeof hash === 'string' ? [[name, hash] as [string, string]] : []))
}

/** The last daily verification of the record's chain. */
export interface RecordHealth {
  checkedAt: string | null
  intact: boolean | null
  checked: number | null
  firstBroken: number | null
  reason: string | null
}

export const archiveMessages = {
  fetchFailed: 'Failed to read the publication record',
  renderFailed: 'Failed to show the page as it was',
  exportFailed: 'Failed to export the publication record',
  exporting: 'Building the export…',
  exported: 'Export ready: the ZIP is downloading',
  refused: 'Only reviewers and admins can read the publication record',
  badMoment: 'Choose a date and time',
  badRange: 'Choose a start and an end, the end after the start',
  badPath: 'Give a path of the site, starting with /',
  verified: 'The publication record is intact',
  verifyFailed: 'Failed to verify the publication record',
}
