// The fetch of a render's Supabase client: it notes what the render read (the surrogate keys of its
// page) and whether the Data API answered, for the web server (render-record.ts) and for the outage
// log (backend-outage.ts). Answers pass through unchanged.
import { noteBackendAnswer, noteBackendFailure } from './backend-outage'
import type { RenderRecord } from './render-record'
import { ROW_KEY_PREFIXES, RPC_KEYS, TABLE_KEYS } from './surrogate-keys'

// A row's id in PostgREST's JSON: the key "id" (not inside a string, where its quotes are escaped).
const ROW_ID = /(?<!\\)"id":"([0-9a-f-]{36})"/g
// Gateway answers that mean the database or the API behind it is not there.
const UNREACHABLE = new Set([502, 503, 504])

/** The keys a Data API path reads, or null when none names it. */
function keysOf(pathname: string): readonly string[] | null {
  const rest = /^\/rest\/v1\/(rpc\/)?([a-z_][a-z0-9_]*)$/.exec(pathname)
  if (!rest) return null
  if (rest[1]) return RPC_KEYS[rest[2]] ?? null
  const key = TABLE_KEYS[rest[2]]
  return key ? [key] : null
}

/** A read of one row by its slug or id, whose answer names the row's own key. */
function rowKeyPrefix(url: URL): string | null {
  const table = /^\/rest\/v1\/([a-z_]+)$/.exec(url.pathname)?.[1]
  const prefix = table ? ROW_KEY_PREFIXES[table] : undefined
  if (!prefix) return null
  const one = ['slug', 'id'].some((column) => url.searchParams.get(column)?.startsWith('eq.'))
  return one ? prefix : null
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = (error as Error & { cause?: { code?: string } }).cause?.code
  return cause ? `${error.message}: ${cause}` : error.message
}

/** `base` is the fetch the reads go through (a release preview's lays its items over the answers). */
export function recordingFetch(record: RenderRecord | null, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (record) {
      const keys = keysOf(url.pathname)
      if (keys) for (const key of keys) record.keys.add(key)
      else record.unkeyedReads.add(url.pathname)
      record.pendingReads += 1
    }
    let response: Response
    try {
      response = await base(input, init)
    } catch (error) {
      // A read the caller gave up on (its visitor left) says nothing about the backend.
      if (!init?.signal?.aborted) {
        noteBackendFailure(describe(error))
        if (record) record.failedReads += 1
      }
      throw error
    } finally {
      if (record) record.pendingReads -= 1
    }
    if (UNREACHABLE.has(response.status)) {
      noteBackendFailure(`HTTP ${response.status} from ${url.pathname}`)
      if (record) record.failedReads += 1
      return response
    }
    noteBackendAnswer()
    const prefix = record && response.ok ? rowKeyPrefix(url) : null
    if (!record || !prefix) return response
    const text = await response.text()
    for (const [, id] of text.matchAll(ROW_ID)) record.keys.add(`${prefix}:${id}`)
    return new Response(text, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}
