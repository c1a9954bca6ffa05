// Versions of editable content (public.item_revisions): a row per save, with its author and the
// fields it changed; restoring one saves it again as a new version.
import type { Database } from '~/lib/database.types'

export type Revision = Database['public']['Functions']['item_revisions']['Returns'][number]
export type DeletedItem = Database['public']['Functions']['recently_deleted']['Returns'][number]

/** The tables whose items keep versions; site settings are one item, with the id 'site'. */
export const VERSIONED_TABLES = ['blog_posts', 'solutions', 'website_content', 'job_openings', 'site_settings'] as const
export type VersionedTable = (typeof VERSIONED_TABLES)[number]

export function isVersionedTable(value: string | undefined): value is VersionedTable {
  return VERSIONED_TABLES.some((table) => table === value)
}

export const SITE_SETTINGS_ITEM = 'site'

export const REVISION_KINDS: Record<string, string> = {
  original: 'Before history was kept',
  created: 'Created',
  saved: 'Saved',
  restored: 'Restored',
  deleted: 'Deleted',
}

/** Columns that every save changes or that nobody edits: not worth comparing. */
export const UNCOMPARED_FIELDS = new Set(['id', 'created_at', 'updated_at'])

export const revisionMessages = {
  fetchFailed: 'Failed to fetch versions',
  restored: 'Version restored',
  restoreFailed: 'Failed to restore version',
  confirmRestore: 'Restore this version? The current text is kept as a version too.',
  brought: 'Item restored',
  bringFailed: 'Failed to restore item',
  noDeleted: 'Nothing was deleted in the last 30 days',
  empty: 'No versions yet',
}
