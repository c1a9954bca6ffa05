// The export for an examiner: one ZIP with every public page at every version live in a period
// (rendered by the site's own routes from the publication record), the files those pages show
// (their archived copies), manifest.json with each record (its canonical text, hash, the previous
// hash, its approval), SHA256SUMS, and a README that says how to check all of it with sha256sum
// and jq alone. The database logs the export when it hands over the records.
import { createHash } from 'node:crypto'
import { strToU8, zipSync, type Zippable } from 'fflate'
import type { RouterContextProvider } from 'react-router'
import { archivedFilePath } from '~/entities/publication-record'
import type { Json } from '~/lib/database.types'
import { unwrap, type Db } from '~/lib/supabase'
import { exportFileName } from '../export-file-name'
import { pagesAt } from './archive-page.server'
import { renderArchivedPage } from './archive-render.server'
import { exportReadme } from './export-readme'

/** A record as the export carries it: the text its hash covers, and the same as JSON. */
interface ExportedRecord {
  seq: number
  hash: string
  prev_hash: string
  canonical: string
  record: {
    seq: number
    kind: string
    table_name: string
    item_id: string
    title: string | null
    event: string
    live_from: string
    content: Json
    files: Json
    [field: string]: Json
  }
  live_until: string | null
}

interface ExportAnswer {
  since: string
  until: string
  records: ExportedRecord[]
  chain: Record<string, Json>
}

interface PageVersion {
  path: string
  status: number
  live_from: string
  live_until: string | null
  file: string
  sha256: string
}

interface ExportedFile {
  object_name: string
  content_hash: string
  file: string | null
  sha256: string | null
}

export interface ExportOptions {
  /** The period, as ISO timestamps. */
  since: string
  until: string
  accessToken: string
  base: Readonly<RouterContextProvider>
  fixedPages: readonly string[]
  siteOrigin: string
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** The records live at `moment` (the latest of each item by then, unless it withdrew the item). */
function liveAt(records: readonly ExportedRecord[], moment: string): ExportedRecord[] {
  const latest = new Map<string, ExportedRecord>()
  for (const entry of records) {
    if (entry.record.live_from > moment) continue
    const key = `${entry.record.kind}/${entry.record.item_id}`
    const known = latest.get(key)
    if (!known || entry.record.live_from > known.record.live_from || (entry.record.live_from === known.record.live_from && entry.seq > known.seq)) {
      latest.set(key, entry)
    }
  }
  return [...latest.values()].filter((entry) => entry.record.event !== 'withdrawn')
}

/** Whether records going live at one moment can change a page that read these rows. */
function affects(changed: readonly ExportedRecord[], reads: Map<string, Set<string>>): boolean {
  return changed.some((entry) => {
    const ids = reads.get(entry.record.table_name)
    // An item the page did not show matters only if it can now join what the page lists.
    return ids !== undefined && (ids.has(entry.record.item_id) || entry.record.event !== 'withdrawn')
  })
}

function filesOf(entry: ExportedRecord): [string, string][] {
  const files = entry.record.files
  if (!files || typeof files !== 'object' || Array.isArray(files)) return []
  return Object.entries(files).flatMap(([name, hash]) => (typeof hash === 'string' ? [[name, hash] as [string, string]] : []))
}

/** Where a page's version is kept in the ZIP: pages/<path>/<moment>.html (the home page under pages/home). */
function pageFile(path: string, moment: string): string {
  return `pages/${path === '/' ? 'home' : path.slice(1)}/${moment.replace(/:/g, '-')}.html`
}

export async function buildExport(callerDb: Db, files: Db, options: ExportOptions): Promise<{ zip: Uint8Array; fileName: string }> {
  const answer = unwrap(
    await callerDb.rpc('publication_record_export', { since: options.since, until: options.until }),
    'Failed to export the record',
  ) as unknown as ExportAnswer
  const { records, since, until } = answer
  const moments = [since, ...new Set(records.map((entry) => entry.record.live_from).filter((at) => at > since && at <= until))].sort()

  const zip: Zippable = {}
  const sums: string[] = []
  const add = (name: string, bytes: Uint8Array) => {
    zip[name] = bytes
    sums.push(`${sha256(bytes)}  ${name}`)
  }

  // The files the period's versions show, each once, from its archived copy.
  const shown = new Map<string, ExportedFile>()
  for (const moment of moments) {
    for (const entry of liveAt(records, moment)) {
      for (const [name, hash] of filesOf(entry)) {
        const path = archivedFilePath(name, hash)
        if (!shown.has(path)) shown.set(path, { object_name: name, content_hash: hash, file: null, sha256: null })
      }
    }
  }
  for (const [path, file] of shown) {
    const { data } = await files.storage.from('publication-archive').download(path)
    if (!data) continue
    const bytes = new Uint8Array(await data.arrayBuffer())
    file.file = `files/${path}`
    file.sha256 = sha256(bytes)
    add(file.file, bytes)
  }
  const fileNames = new Map([...shown.values()].map((file) => [file.object_name, file]))

  // Every page at every moment something it shows changed; a render equal to the last is the same version.
  const versions: PageVersion[] = []
  const open = new Map<string, { version: PageVersion; reads: Map<string, Set<string>> }>()
  for (const moment of moments) {
    const paths = pagesAt(
      liveAt(records, moment).map((entry) => entry.record),
      options.fixedPages,
    ).map((page) => page.path)
    const changed = records.filter((entry) => entry.record.live_from === moment)
    for (const path of paths) {
      const current = open.get(path)
      if (current && !affects(changed, current.reads)) continue
      const depth = pageFile(path, moment).split('/').length - 1
      const page = await renderArchivedPage({
        path,
        asOf: moment,
        accessToken: options.accessToken,
        base: options.base,
        fileAddress: (name) => {
          const file = fileNames.get(name)
          return file?.file ? `${'../'.repeat(depth)}${file.file}` : null
        },
      })
      const bytes = strToU8(page.html)
      const digest = sha256(bytes)
      if (current && current.version.sha256 === digest) {
        current.reads = page.reads
        continue
      }
      if (current) current.version.live_until = moment
      const version: PageVersion = { path, status: page.status, live_from: moment, live_until: null, file: pageFile(path, moment), sha256: digest }
      add(version.file, bytes)
      versions.push(version)
      open.set(path, { version, reads: page.reads })
    }
    for (const [path, current] of open) {
      if (!paths.includes(path)) {
        current.version.live_until = moment
        open.delete(path)
      }
    }
  }

  const manifest = {
    format: 'publication-record-export/1',
    site: options.siteOrigin,
    since,
    until,
    exported_at: new Date().toISOString(),
    chain: { ...answer.chain, first_prev_hash: records[0]?.prev_hash ?? null, last_hash: records.at(-1)?.hash ?? null },
    records,
    pages: versions,
    files: [...shown.values()],
  }
  add('manifest.json', strToU8(`${JSON.stringify(manifest, null, 2)}\n`))
  zip['SHA256SUMS'] = strToU8(`${sums.join('\n')}\n`)
  zip['README.txt'] = strToU8(exportReadme({ since, until, site: options.siteOrigin, records: records.length, pages: versions.length }))
  return { zip: zipSync(zip, { level: 6 }), fileName: exportFileName(since, until) }
}
