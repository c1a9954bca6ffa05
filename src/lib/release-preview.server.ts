// A release's whole-site preview: the public pages' own loaders run with a Supabase client whose
// REST answers are laid over with the release's items as they will be live (release_preview(token)),
// so every page shows the site as the release will make it. Rows visitors already read are replaced
// field by field; an item not live yet joins the rows when the query's filters (the simple ones a
// page uses: eq, neq, is, in, lt, lte, gt, gte) take it, in the query's order and limit. Nothing here
// writes, and the web server never shares such a render (the preview route says so).
import { createContext, RouterContextProvider, type RouterContext } from 'react-router'

/** One item of the release as it will be live: its table and its row. */
export interface PreviewRow {
  table_name: string
  item: Record<string, unknown>
}

/** The release's rows for the loaders of one preview render; null outside a preview. */
export const releasePreviewContext = createContext<PreviewRow[] | null>(null)

/** A request's context that gives its loaders the release's items for every read they make. */
class PreviewContext extends RouterContextProvider {
  constructor(
    private readonly base: Readonly<RouterContextProvider>,
    private readonly rows: PreviewRow[],
  ) {
    super()
  }
  override get<T>(context: RouterContext<T>): T {
    return context === releasePreviewContext ? (this.rows as T) : this.base.get(context)
  }
}

export function withReleasePreview(context: Readonly<RouterContextProvider>, rows: PreviewRow[]): RouterContextProvider {
  return new PreviewContext(context, rows)
}

type Row = Record<string, unknown>

const CONTROL_PARAMS = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns'])

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1
  if (b === null || b === undefined) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return String(a) < String(b) ? -1 : 1
}

/** The value a filter compares with, read as the column's JSON would hold it. */
function operand(value: string): unknown {
  if (value === 'null') return null
  if (value === 'true') return true
  if (value === 'false') return false
  return value
}

function same(column: unknown, value: unknown): boolean {
  return column === value || (typeof column === 'number' && String(column) === value)
}

/** Whether a row passes one PostgREST filter; null when the filter is one this overlay does not read. */
function passes(row: Row, column: string, filter: string): boolean | null {
  const dot = filter.indexOf('.')
  if (dot < 0 || column.includes('.') || column === 'or' || column === 'and') return null
  const op = filter.slice(0, dot)
  const value = filter.slice(dot + 1)
  const actual = row[column]
  switch (op) {
    case 'eq':
      return same(actual, operand(value))
    case 'neq':
      return !same(actual, operand(value))
    case 'is':
      return actual === operand(value)
    case 'in':
      return (
        /^\(.*\)$/.test(value) &&
        value
          .slice(1, -1)
          .split(',')
          .some((item) => same(actual, operand(item.replace(/^"|"$/g, ''))))
      )
    case 'lt':
      return compare(actual, value) < 0
    case 'lte':
      return compare(actual, value) <= 0
    case 'gt':
      return compare(actual, value) > 0
    case 'gte':
      return compare(actual, value) >= 0
    default:
      return null
  }
}

/** The columns a `select` names, when it is a plain list (no embedding, no renaming); null for every column. */
function selectedColumns(select: string | null): string[] | null {
  if (!select || select.trim() === '*') return null
  const columns = select.split(',').map((column) => column.trim())
  return columns.every((column) => /^[a-z_][a-z0-9_]*$/.test(column)) ? columns : null
}

function pick(item: Row, columns: readonly string[]): Row {
  return Object.fromEntries(columns.map((column) => [column, item[column] ?? null]))
}

/** The rows a REST read answers, with the release's items of `table` laid over them. */
export function overlayRows(rows: Row[], table: string, query: URLSearchParams, preview: readonly PreviewRow[]): Row[] {
  const items = preview.filter((row) => row.table_name === table).map((row) => row.item)
  if (items.length === 0) return rows
  const byId = new Map(items.map((item) => [item.id, item]))
  const merged = rows.map((row) => {
    const item = byId.get(row.id)
    return item ? { ...row, ...pick(item, Object.keys(row)) } : row
  })
  const shown = new Set(rows.map((row) => row.id))
  const columns = selectedColumns(query.get('select')) ?? (rows[0] ? Object.keys(rows[0]) : null)
  let added = false
  for (const item of items) {
    if (shown.has(item.id)) continue
    const verdicts = [...query.entries()].filter(([name]) => !CONTROL_PARAMS.has(name)).map(([name, filter]) => passes(item, name, filter))
    // A query this overlay cannot read fully (a search, an embedded filter) gets no new rows.
    if (verdicts.some((verdict) => verdict !== true)) continue
    merged.push(columns ? pick(item, columns) : { ...item })
    added = true
  }
  if (!added) return merged
  const order = (query.get('order') ?? '').split(',').filter(Boolean)
  if (order.length > 0) {
    merged.sort((a, b) => {
      for (const term of order) {
        const [column, direction] = term.split('.')
        const result = compare(a[column], b[column])
        if (result !== 0) return direction === 'desc' ? -result : result
      }
      return 0
    })
  }
  const offset = Number(query.get('offset') ?? 0)
  const limit = query.get('limit')
  return merged.slice(offset, limit === null ? undefined : offset + Number(limit))
}

/** A fetch for supabase-js that lays the release's items over every REST read. */
export function previewFetch(preview: readonly PreviewRow[]): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const table = /\/rest\/v1\/([a-z_]+)$/.exec(url.pathname)?.[1]
    if (!table || request.method !== 'GET' || !preview.some((row) => row.table_name === table)) return fetch(input, init)
    // Rows are matched by id: a plain column list gets it too (one key more in each answer).
    const columns = selectedColumns(url.searchParams.get('select'))
    if (columns && !columns.includes('id')) url.searchParams.set('select', [...columns, 'id'].join(','))
    const response = await fetch(new Request(url, request))
    // One object asked for (.single()): a row visitors cannot read yet answers 406 without the release.
    const single = (request.headers.get('accept') ?? '').includes('vnd.pgrst.object')
    if (!response.ok && !(single && response.status === 406)) return response
    const body: unknown = response.ok ? await response.json() : []
    const rows = (Array.isArray(body) ? body : [body]) as Row[]
    const laid = overlayRows(rows, table, url.searchParams, preview)
    if (single && laid.length !== 1) return response.ok ? new Response(JSON.stringify(body), response) : response
    const headers = new Headers(response.headers)
    headers.set('content-type', 'application/json')
    headers.delete('content-length')
    return new Response(JSON.stringify(single ? laid[0] : laid), { status: 200, headers })
  }
}
