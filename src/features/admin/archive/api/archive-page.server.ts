// The archive screen's view of one public page at one moment: the page rendered from the record,
// with its images from their archived copies (links signed for a few minutes), the links inside it
// leading to the same moment, and, for each part of the page, the record that put it there.
import type { RouterContextProvider } from 'react-router'
import { approvalOf, archivedFilePath, itemPagePath, recordFiles, type PublicationRecord } from '~/entities/publication-record'
import type { Db } from '~/lib/supabase'
import { renderArchivedPage } from './archive-render.server'
import type { ArchiveView, PagePart, PublicPageLink } from '../archive-view'
import { getSnapshot } from './records'

/** Answers, for archive paths, the addresses a browser may load them from (a path that cannot be signed is left out). */
export type FileSigner = (paths: string[]) => Promise<Map<string, string>>

export interface ViewOptions {
  path: string
  asOf: string
  accessToken: string
  base: Readonly<RouterContextProvider>
  /** The site's pages that are not one item's (/, /solutions, /about, …). */
  fixedPages: readonly string[]
}

function partOf(record: PublicationRecord): PagePart {
  const approval = approvalOf(record)
  return {
    seq: record.seq,
    kind: record.kind,
    title: record.title ?? '',
    liveFrom: record.live_from,
    via: record.via,
    changedBy: record.changed_by_name,
    publishedBy: record.published_by_name,
    approvalRequired: record.approval_required,
    approvedBy: approval?.reviewer_name ?? null,
    approvedAt: approval?.approved_at ?? null,
    releaseName: approval?.release_name ?? null,
    fingerprint: record.fingerprint,
  }
}

/** The pages of the site at a moment: the fixed ones, then each post, solution and job opening live then. */
export function pagesAt(snapshot: readonly Pick<PublicationRecord, 'kind' | 'content' | 'title'>[], fixedPages: readonly string[]): PublicPageLink[] {
  const items = snapshot.flatMap((record) => {
    const content = record.content && typeof record.content === 'object' && !Array.isArray(record.content) ? record.content : {}
    const path = itemPagePath(record.kind, content.slug)
    return path ? [{ path, label: record.title ?? path }] : []
  })
  return [...fixedPages.map((path) => ({ path, label: path })), ...items.sort((a, b) => a.path.localeCompare(b.path))]
}

/** The media files the versions show, by object name, with the content hash recorded. */
export function filesShown(records: readonly PublicationRecord[]): Map<string, string> {
  const files = new Map<string, string>()
  for (const record of records) for (const [name, hash] of recordFiles(record)) files.set(name, hash)
  return files
}

/** Links inside the page open the same moment on the archive screen, in the whole window. */
export function linkedToMoment(html: string, asOf: string): string {
  const linked = html.replace(/(<a\b[^>]*?\shref=")(\/(?!\/)[^"]*)"/gi, (_match, start: string, path: string) => {
    const target = `/admin/archive?at=${encodeURIComponent(asOf)}&amp;path=${encodeURIComponent(path.replace(/&amp;/g, '&'))}`
    return `${start}${target}"`
  })
  return linked.replace(/<head>/i, '<head><base target="_top">')
}

export async function archiveView(callerDb: Db, sign: FileSigner, { path, asOf, accessToken, base, fixedPages }: ViewOptions): Promise<ArchiveView> {
  const snapshot = await getSnapshot(callerDb, asOf)
  const files = filesShown(snapshot)
  const signed = await sign([...new Set([...files].map(([name, hash]) => archivedFilePath(name, hash)))])
  const fileAddress = (name: string) => {
    const hash = files.get(name)
    return hash === undefined ? null : (signed.get(archivedFilePath(name, hash)) ?? null)
  }
  const page = await renderArchivedPage({ path, asOf, accessToken, fileAddress, base })
  const parts = snapshot.filter((record) => page.reads.get(record.table_name)?.has(record.item_id)).map(partOf)
  return {
    asOf,
    path,
    status: page.status,
    location: page.location,
    html: page.html ? linkedToMoment(page.html, asOf) : '',
    parts,
    pages: pagesAt(snapshot, fixedPages),
  }
}
