// Request bodies: read with a hard cap (the process never buffers more than the cap plus one chunk)
// and parsed as JSON with PostgREST's errors.
import { isJsonContentType, JsonTooDeepError, MAX_JSON_DEPTH, parseJsonLimited } from '../json-limits.ts'
import { RestError, restError } from './errors.ts'

export const MAX_BODY_BYTES = 1024 * 1024

function tooLarge(size: number | null): RestError {
  return restError(
    413,
    '54000',
    'Payload too large: the request body exceeds 1 MB',
    size === null ? `The limit is ${MAX_BODY_BYTES} bytes.` : `The body has ${size} bytes; the limit is ${MAX_BODY_BYTES} bytes.`,
  )
}

/**
 * The body of a JSON endpoint: a 415 (PGRST107) unless the Content-Type is JSON (or one of
 * `otherTypes`), then the text.
 */
export async function readBodyText(request: Request, otherTypes: readonly string[] = []): Promise<string> {
  const contentType = request.headers.get('content-type')
  const essence = (contentType ?? '').split(';')[0].trim().toLowerCase()
  if (!isJsonContentType(contentType) && !otherTypes.includes(essence)) {
    throw restError(415, 'PGRST107', `Content-Type not acceptable: ${(contentType ?? '').slice(0, 100)}`, 'This endpoint takes application/json.')
  }
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge(declared)
  if (!request.body) return ''
  const reader = request.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(null)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export function invalidBody(details: string | null = null): RestError {
  return restError(400, 'PGRST102', 'Empty or invalid json', details)
}

/** The parsed body; an empty body reads as `fallback` (RPC calls without arguments send none). */
export function parseJsonBody(text: string, fallback?: unknown): unknown {
  if (text.trim() === '') {
    if (fallback !== undefined) return fallback
    throw invalidBody()
  }
  try {
    return parseJsonLimited(text)
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw invalidBody(`The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels.`)
    throw invalidBody((error as Error).message)
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
