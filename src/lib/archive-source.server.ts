// The site as visitors saw it at a moment: the public pages' own loaders run unchanged with a
// Supabase client whose table reads are answered from the publication record. Each read of a table
// (GET /rest/v1/<table>?…) goes to the database's archived_<table>(as_of) instead, with the same
// select, filters, order and limit, so the page's queries mean what they always mean. The client
// carries the staff member's own token: the database lets only reviewers and admins read the record.
// Nothing here writes (any other call is refused), stored media files are shown from their archived
// copies, and the render notes which rows it read: those are the parts of the page.
import { createContext } from 'react-router'

export interface ArchiveSource {
  /** The moment, as an ISO timestamp. */
  asOf: string
  /** The staff member's access token; every read runs as them. */
  accessToken: string
  /** The address a recorded media file is shown from in this render (by its object name); null keeps the URL as it was. */
  fileAddress(objectName: string): string | null
  /** What the render read: each table, with the ids of the rows it answered. */
  reads: Map<string, Set<string>>
  /** Reads that failed, and how many are still under way: a page a loader filled with defaults is not what visitors saw. */
  failures: string[]
  pending: number
}

/** The moment a render shows, for the loaders of that render; null for every ordinary request. */
export const archiveSourceContext = createContext<ArchiveSource | null>(null)

// The public and image-transformation URLs of the media bucket, on any host (the database's
// private.media_objects_in reads the same ones), with a transformation's query.
const MEDIA_URL = /(?:https?:\/\/[^\s"'<>()]*?)?\/storage\/v1\/(?:object|render\/image)\/public\/media\/([A-Za-z0-9._~%/-]+)(\?[^\s"'<>()]*)?/g

/** A text with every recorded media file's URL replaced by the address the render shows it from. */
export function withArchivedFiles(text: string, fileAddress: ArchiveSource['fileAddress']): string {
  return text.replace(MEDIA_URL, (url, name: string) => fileAddress(decodeURIComponent(name)) ?? url)
}

function rewriteValues(value: unknown, rewrite: (text: string) => string): unknown {
  if (typeof value === 'string') return rewrite(value)
  if (Array.isArray(value)) return value.map((item) => rewriteValues(item, rewrite))
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, rewriteValues(item, rewrite)]))
  return value
}

/** The top-level items of a PostgREST select (commas inside an embedding's parentheses are its own). */
function selectItems(select: string): string[] {
  const items: string[] = []
  let depth = 0
  let start = 0
  for (let i = 0; i < select.length; i++) {
    if (select[i] === '(') depth++
    else if (select[i] === ')') depth--
    else if (select[i] === ',' && depth === 0) {
      items.push(select.slice(start, i).trim())
      start = i + 1
    }
  }
  items.push(select.slice(start).trim())
  return items
}

/** Whether a select already answers each row's id. */
function selectsId(select: string | null): boolean {
  return select === null || selectItems(select).some((item) => item === '*' || item === 'id' || /^id(::|:)/.test(item))
}

/** Notes the ids of the rows answered, and takes the id out of rows whose query did not ask for it. */
function noteRows(source: ArchiveSource, table: string, body: unknown, askedForId: boolean): unknown {
  const ids = source.reads.get(table) ?? new Set<string>()
  source.reads.set(table, ids)
  const strip = (row: unknown) => {
    if (!row || typeof row !== 'object' || !('id' in row)) return row
    if (typeof row.id === 'string') ids.add(row.id)
    if (askedForId) return row
    const { id: _noted, ...rest } = row as Record<string, unknown>
    return rest
  }
  return Array.isArray(body) ? body.map(strip) : strip(body)
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/** A fetch for supabase-js that answers every table read from the record as of `source.asOf`. */
export function archiveFetch(source: ArchiveSource): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    if (request.method !== 'GET') return json({ message: 'The site as of a moment is read-only.' }, 405)
    const table = /\/rest\/v1\/([a-z_]+)$/.exec(url.pathname)?.[1]
    // A function a page calls (a job opening's state) would answer from the live site: it answers nothing.
    if (!table) return url.pathname.includes('/rest/v1/rpc/') ? json(null) : json({ message: 'Not part of the record.' }, 404)
    url.pathname = url.pathname.replace(/\/[a-z_]+$/, `/rpc/archived_${table}`)
    url.searchParams.set('as_of', source.asOf)
    // Each row's id is read too, to know which records the page shows; the page gets what it asked for.
    const select = url.searchParams.get('select')
    const askedForId = selectsId(select)
    if (!askedForId) url.searchParams.set('select', `${select},id`)
    source.pending++
    try {
      const response = await fetch(new Request(url, request))
      if (!response.ok) {
        source.failures.push(`${table}: ${response.status} ${await response.clone().text()}`)
        return response
      }
      const body = noteRows(source, table, await response.json(), askedForId)
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return new Response(JSON.stringify(rewriteValues(body, (text) => withArchivedFiles(text, source.fileAddress))), { status: response.status, headers })
    } catch (error) {
      source.failures.push(`${table}: ${error instanceof Error ? error.message : String(error)}`)
      throw error
    } finally {
      source.pending--
    }
  }
}
