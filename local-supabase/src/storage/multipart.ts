// A small streaming multipart/form-data reader (RFC 7578), for the FormData bodies storage-js sends
// when given a Blob or File. Hono's formData() would buffer the whole body in memory first; this
// yields events as bytes arrive, so the upload can go straight to a capped temp file.
import { errors } from './errors.ts'

export interface PartInfo {
  /** The form field name (storage-js uses '' for the file). */
  name: string
  /** Present for file parts. */
  filename: string | null
  contentType: string | null
}

export type MultipartEvent =
  | { type: 'part'; part: PartInfo }
  | { type: 'data'; chunk: Uint8Array }
  | { type: 'end' }

const MAX_HEADER_BYTES = 16 * 1024
const CRLF = Buffer.from('\r\n')
const HEADER_END = Buffer.from('\r\n\r\n')

/** The boundary parameter of a multipart/form-data content type, or null when it has none. */
export function multipartBoundary(contentType: string): string | null {
  const { type, params } = parseHeaderValue(contentType)
  if (type !== 'multipart/form-data') return null
  const boundary = params.get('boundary')
  return boundary && boundary.length <= 70 ? boundary : null
}

/** `type; a=b; c="d"` → lower-cased type and its parameters (names lower-cased, quotes removed). */
export function parseHeaderValue(value: string): { type: string; params: Map<string, string> } {
  const params = new Map<string, string>()
  const semicolon = value.indexOf(';')
  const type = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase()
  const rest = semicolon < 0 ? '' : value.slice(semicolon + 1)
  const param = /\s*([^\s=;]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;]*))\s*;?/gy
  let match: RegExpExecArray | null
  while ((match = param.exec(rest)) !== null) {
    const raw = match[2] !== undefined ? match[2].replace(/\\(.)/g, '$1') : (match[3] ?? '').trim()
    params.set(match[1].toLowerCase(), raw)
    if (param.lastIndex >= rest.length) break
  }
  return { type, params }
}

function parsePartHeaders(block: Buffer): PartInfo {
  let disposition: string | null = null
  let contentType: string | null = null
  for (const line of block.toString('utf8').split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (name === 'content-disposition') disposition = value
    else if (name === 'content-type') contentType = value
  }
  if (!disposition) throw errors.badRequest('Malformed multipart body: a part has no Content-Disposition')
  const { type, params } = parseHeaderValue(disposition)
  if (type !== 'form-data' || !params.has('name')) {
    throw errors.badRequest('Malformed multipart body: a part is not form-data')
  }
  return { name: params.get('name') ?? '', filename: params.get('filename') ?? null, contentType }
}

function malformed(): Error {
  return errors.badRequest('Malformed multipart body')
}

/**
 * Yields the parts of a multipart body as events: `part` (headers), `data` (any number), `end`.
 * Throws a 400 StorageHttpError on malformed input, including a body that ends early.
 */
export async function* multipartEvents(chunks: AsyncIterable<Uint8Array>, boundary: string): AsyncGenerator<MultipartEvent> {
  const first = Buffer.from(`--${boundary}`)
  const delimiter = Buffer.from(`\r\n--${boundary}`)
  let buffer: Buffer = Buffer.alloc(0)
  let state: 'preamble' | 'boundary' | 'headers' | 'body' | 'done' = 'preamble'

  for await (const chunk of chunks) {
    if (state === 'done') continue // epilogue: ignored, but read so the body is consumed
    buffer = buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([buffer, chunk])
    for (;;) {
      if (state === 'preamble') {
        const at = buffer.indexOf(first)
        if (at < 0) {
          if (buffer.length > MAX_HEADER_BYTES) throw malformed()
          break
        }
        buffer = buffer.subarray(at + first.length)
        state = 'boundary'
      }
      if (state === 'boundary') {
        // After a delimiter: '--' closes the body, otherwise optional padding then CRLF opens a part.
        if (buffer.length < 2) break
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) {
          state = 'done'
          break
        }
        const eol = buffer.indexOf(CRLF)
        if (eol < 0) {
          if (buffer.length > 256) throw malformed()
          break
        }
        if (buffer.subarray(0, eol).toString('latin1').trim() !== '') throw malformed()
        buffer = buffer.subarray(eol + 2)
        state = 'headers'
      }
      if (state === 'headers') {
        let block: Buffer
        if (buffer.length >= 2 && buffer[0] === 0x0d && buffer[1] === 0x0a) {
          block = Buffer.alloc(0) // a part without headers
          buffer = buffer.subarray(2)
        } else {
          const end = buffer.indexOf(HEADER_END)
          if (end < 0) {
            if (buffer.length > MAX_HEADER_BYTES) throw errors.badRequest('Malformed multipart body: part headers too large')
            break
          }
          block = buffer.subarray(0, end)
          buffer = buffer.subarray(end + HEADER_END.length)
        }
        yield { type: 'part', part: parsePartHeaders(block) }
        state = 'body'
      }
      if (state === 'body') {
        const at = buffer.indexOf(delimiter)
        if (at < 0) {
          // Keep a tail that could be the start of a delimiter split across chunks.
          const safe = buffer.length - (delimiter.length - 1)
          if (safe > 0) {
            yield { type: 'data', chunk: buffer.subarray(0, safe) }
            buffer = buffer.subarray(safe)
          }
          break
        }
        if (at > 0) yield { type: 'data', chunk: buffer.subarray(0, at) }
        yield { type: 'end' }
        buffer = buffer.subarray(at + delimiter.length)
        state = 'boundary'
        continue
      }
      break
    }
  }
  if (state !== 'done') throw malformed()
}
