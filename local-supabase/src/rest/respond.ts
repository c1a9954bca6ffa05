// Turning a statement's result row into PostgREST's response: status, Content-Range, and the body
// as Postgres built it (or one object of it for vnd.pgrst.object+json).
import { notSingular, restError, type RestError } from './errors.ts'
import type { Row } from './executor.ts'

export interface Result {
  /** Rows in the page (or rows written). */
  count: number
  total: number | null
  /** JSON text of the rows, or null when no body was asked for. */
  body: string | null
  /** Upserts: rows inserted rather than merged. */
  inserted?: number
}

export function resultOf(rows: Row[]): Result {
  const row = rows[0] ?? ['0', null, null]
  const result: Result = { count: Number(row[0] ?? 0), total: row[1] === null ? null : Number(row[1]), body: row[2] }
  if (row.length > 3 && row[3] !== null) result.inserted = Number(row[3])
  return result
}

const JSON_TYPE = 'application/json; charset=utf-8'
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8'

export function contentRange(offset: number, count: number, total: number | null): string {
  const of = total === null ? '*' : String(total)
  return count > 0 ? `${offset}-${offset + count - 1}/${of}` : `*/${of}`
}

/** The one object of a one-row JSON array; PGRST116 otherwise. */
export function singleObject(result: Result): string {
  if (result.count !== 1 || result.body === null) throw notSingular(result.count)
  return result.body.slice(1, -1).trim()
}

export function send(status: number, body: string | null, headers: Record<string, string> = {}, single = false): Response {
  const all: Record<string, string> = { ...headers }
  if (body !== null) all['Content-Type'] = single ? OBJECT_TYPE : JSON_TYPE
  return new Response(body, { status, headers: all })
}

export function sendError(error: RestError): Response {
  return new Response(JSON.stringify(error.body), { status: error.status, headers: { ...error.headers, 'Content-Type': JSON_TYPE } })
}

export interface ReadResponseOptions {
  offset: number
  single: boolean
  head: boolean
  csv?: boolean
  /** The body is CSV already (built by Postgres); otherwise JSON rows to convert. */
  bodyIsCsv?: boolean
  /** More headers (Preference-Applied). */
  headers?: Record<string, string>
}

/** A value as Postgres writes it in a record's text form, which PostgREST's CSV is made of. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'boolean' ? (value ? 't' : 'f') : typeof value === 'object' ? JSON.stringify(value) : String(value)
  return text === '' || /[",()\\\s]/.test(text) ? `"${text.replace(/(["\\])/g, '$1$1')}"` : text
}

/** The rows of a JSON array as PostgREST's CSV: a header line (empty without rows), then the rows. */
export function toCsv(json: string): string {
  const rows = JSON.parse(json) as Record<string, unknown>[]
  const columns = rows.length === 0 ? [] : Object.keys(rows[0])
  return `${columns.join(',')}\n${rows.map((row) => columns.map((col) => csvField(row[col])).join(',')).join('\n')}`
}

/** GET/HEAD (and set-returning RPC): 200, or 206 for a partial page of a counted result. */
export function readResponse(result: Result, options: ReadResponseOptions): Response {
  const { offset } = options
  if (result.total !== null && offset > result.total) {
    throw restError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${result.total} rows.`)
  }
  const headers = { ...options.headers, 'Content-Range': contentRange(offset, result.count, result.total) }
  const status = result.total !== null && result.count < result.total ? 206 : 200
  if (options.single) {
    const object = singleObject(result)
    return send(200, options.head ? null : object, headers, true)
  }
  if (options.csv) {
    const body = options.head ? null : options.bodyIsCsv ? (result.body ?? '\n') : toCsv(result.body ?? '[]')
    return new Response(body, { status, headers: { ...headers, 'Content-Type': 'text/csv; charset=utf-8' } })
  }
  return send(status, options.head ? null : (result.body ?? '[]'), headers)
}
