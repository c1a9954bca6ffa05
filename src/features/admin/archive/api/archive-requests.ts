// The archive screen's requests to the web server, which renders the site as of a moment and builds
// exports (the browser cannot: the pages are the server's to render). The staff member's own token
// goes with each; the database decides what it may read.
import { archiveMessages as text } from '~/entities/publication-record'
import type { Db } from '~/lib/supabase'
import { authorization } from '../../lib/server-request'
import type { ArchiveView } from '../archive-view'

export const ARCHIVE_PAGE_PATH = '/admin/api/archive/page'
export const ARCHIVE_EXPORT_PATH = '/admin/api/archive/export'

async function refusalOf(response: Response, fallback: string): Promise<string> {
  const body = (await response.json().catch(() => null)) as { toast?: { message?: string } } | null
  return body?.toast?.message ?? fallback
}

/** A public page as visitors saw it at `at`. */
export async function requestArchivedPage(db: Db, at: string, path: string): Promise<ArchiveView> {
  const query = new URLSearchParams({ at, path })
  const response = await fetch(`${ARCHIVE_PAGE_PATH}?${query}`, { headers: { authorization: await authorization(db) } })
  if (!response.ok) throw new Error(await refusalOf(response, text.renderFailed))
  return ((await response.json()) as { view: ArchiveView }).view
}

/** The export of a period, as a file in this page's memory: its address. */
export async function requestExport(db: Db, from: string, to: string): Promise<string> {
  const query = new URLSearchParams({ from, to })
  const response = await fetch(`${ARCHIVE_EXPORT_PATH}?${query}`, { headers: { authorization: await authorization(db) } })
  if (!response.ok) throw new Error(await refusalOf(response, text.exportFailed))
  return URL.createObjectURL(await response.blob())
}
