// Receiving an upload body into a capped temp file, the two ways storage-js sends one:
//  - raw bytes (ArrayBuffer, Buffer, string, stream): Content-Type, Cache-Control and x-metadata
//    headers describe the object;
//  - multipart/form-data (Blob, File, FormData): a `cacheControl` field, an optional `metadata`
//    field (JSON) and one file part whose own Content-Type is the object's type.
// Type and size are judged before a byte is kept: the MIME type as soon as it is known, the size
// from Content-Length when declared and always by counting while streaming.
import type { Context } from 'hono'
import { errors, StorageHttpError } from './errors.ts'
import type { FileStore, TempFile } from './files.ts'
import { multipartBoundary, multipartEvents, parseHeaderValue } from './multipart.ts'

/** No request body is read past this, whatever the bucket allows (Supabase's default global limit). */
export const GLOBAL_UPLOAD_LIMIT = 50 * 1024 * 1024
/** Room for multipart framing and fields on top of the file itself when judging Content-Length. */
const MULTIPART_ALLOWANCE = 64 * 1024
const MAX_FIELD_BYTES = 16 * 1024
const MAX_FIELDS = 20

export interface BucketLimits {
  fileSizeLimit: number | null
  allowedMimeTypes: string[] | null
}

export interface ReceivedUpload {
  temp: TempFile
  size: number
  md5: string
  mimetype: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

/** Whether a MIME type passes a bucket's allowed_mime_types (exact types or 'type/*' wildcards). */
export function isMimeTypeAllowed(mimetype: string, allowed: string[] | null): boolean {
  // It is served back as a Content-Type header: printable ASCII only, bounded.
  if (!/^[\x20-\x7e]{1,255}$/.test(mimetype)) return false
  const base = parseHeaderValue(mimetype).type
  if (!/^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+$/.test(base)) return false
  if (!allowed || allowed.length === 0) return true
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase()
    return rule.endsWith('/*') ? base.startsWith(rule.slice(0, -1)) : base === rule
  })
}

function effectiveLimit(limits: BucketLimits): number {
  return Math.min(limits.fileSizeLimit ?? GLOBAL_UPLOAD_LIMIT, GLOBAL_UPLOAD_LIMIT)
}

function parseUserMetadata(json: string): Record<string, unknown> {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch {
    throw errors.badRequest('Invalid metadata: not JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.badRequest('Invalid metadata: must be a JSON object')
  }
  return value as Record<string, unknown>
}

/** storage-js sends the number of seconds in multipart bodies and `max-age=N` in the raw header. */
function normalizeCacheControl(value: string | undefined): string {
  const trimmed = value?.trim()
  if (!trimmed) return 'no-cache'
  if (/^\d{1,10}$/.test(trimmed)) return `max-age=${trimmed}`
  // Served back as a Cache-Control header: anything that could not be one falls back to the default.
  return /^[\x20-\x7e]{1,200}$/.test(trimmed) ? trimmed : 'no-cache'
}

/**
 * Reads a request body chunk by chunk with a hard cap on the total. Never cancels the stream:
 * cancelling would reset the connection and the client would see a network error instead of our
 * answer. What is left unread is drained by the server after the response.
 */
class BodyReader {
  total = 0
  private reader: ReadableStreamDefaultReader<Uint8Array> | null

  constructor(body: ReadableStream<Uint8Array> | null) {
    this.reader = body ? body.getReader() : null
  }

  async *chunks(): AsyncGenerator<Uint8Array> {
    if (!this.reader) return
    for (;;) {
      const { done, value } = await this.reader.read()
      if (done) return
      this.total += value.byteLength
      if (this.total > GLOBAL_UPLOAD_LIMIT) throw tooLargeAndClose()
      yield value
    }
  }

  /** Reads and drops the rest (up to the global cap), so the client gets to read our answer. */
  async drain(): Promise<boolean> {
    if (!this.reader) return true
    try {
      for (;;) {
        const { done, value } = await this.reader.read()
        if (done) return true
        this.total += value.byteLength
        if (this.total > GLOBAL_UPLOAD_LIMIT) return false
      }
    } catch {
      return false
    }
  }

  release(): void {
    this.reader?.releaseLock()
    this.reader = null
  }
}

function tooLargeAndClose(): StorageHttpError {
  const error = errors.payloadTooLarge()
  error.headers = { Connection: 'close' }
  return error
}

/**
 * Streams the upload of this request into a temp file. On any refusal the temp file is gone and
 * a StorageHttpError says why; on success the caller owns the temp file (install or discard it).
 */
export async function receiveUpload(c: Context, store: FileStore, limits: BucketLimits): Promise<ReceivedUpload> {
  const contentType = c.req.header('content-type') ?? 'application/octet-stream'
  const boundary = multipartBoundary(contentType)
  const limit = effectiveLimit(limits)

  // A declared length over the limit is refused before reading anything.
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared)) {
    if (declared > GLOBAL_UPLOAD_LIMIT + MULTIPART_ALLOWANCE) throw tooLargeAndClose()
    if (declared > limit + (boundary ? MULTIPART_ALLOWANCE : 0)) throw errors.payloadTooLarge()
  }
  if (!boundary) {
    if (!isMimeTypeAllowed(contentType, limits.allowedMimeTypes)) throw errors.invalidMimeType(parseHeaderValue(contentType).type)
  }

  const body = new BodyReader(c.req.raw.body)
  let temp: TempFile | null = null
  try {
    const received = boundary
      ? await receiveMultipart(body, boundary, store, limit, limits, (t) => (temp = t))
      : await receiveRaw(c, body, contentType, store, limit, (t) => (temp = t))
    return received
  } catch (error) {
    await (temp as TempFile | null)?.discard()
    if (error instanceof StorageHttpError && error.headers.Connection !== 'close') {
      if (!(await body.drain())) error.headers = { Connection: 'close' }
    }
    throw error
  } finally {
    body.release()
  }
}

async function receiveRaw(
  c: Context,
  body: BodyReader,
  contentType: string,
  store: FileStore,
  limit: number,
  track: (temp: TempFile) => void,
): Promise<ReceivedUpload> {
  const encodedMetadata = c.req.header('x-metadata')
  let userMetadata: Record<string, unknown> | null = null
  if (encodedMetadata) {
    if (encodedMetadata.length > MAX_FIELD_BYTES * 2) throw errors.badRequest('Invalid metadata: too large')
    userMetadata = parseUserMetadata(Buffer.from(encodedMetadata, 'base64').toString('utf8'))
  }
  const temp = await store.createTemp(limit)
  track(temp)
  for await (const chunk of body.chunks()) {
    if (!(await temp.write(chunk))) throw errors.payloadTooLarge()
  }
  const { size, md5 } = await temp.finish()
  return {
    temp,
    size,
    md5,
    mimetype: contentType,
    cacheControl: normalizeCacheControl(c.req.header('cache-control')),
    userMetadata,
  }
}

async function receiveMultipart(
  body: BodyReader,
  boundary: string,
  store: FileStore,
  limit: number,
  limits: BucketLimits,
  track: (temp: TempFile) => void,
): Promise<ReceivedUpload> {
  const fields = new Map<string, string>()
  let temp: TempFile | null = null
  let mimetype = 'application/octet-stream'
  let current: { kind: 'field'; name: string; bytes: Buffer[]; size: number } | { kind: 'file' } | { kind: 'skip' } | null = null

  for await (const event of multipartEvents(body.chunks(), boundary)) {
    if (event.type === 'part') {
      const { part } = event
      if (part.filename !== null && temp === null) {
        // The first file part is the object: its type is judged before any of its bytes are kept.
        mimetype = part.contentType ?? 'application/octet-stream'
        if (!isMimeTypeAllowed(mimetype, limits.allowedMimeTypes)) throw errors.invalidMimeType(parseHeaderValue(mimetype).type)
        temp = await store.createTemp(limit)
        track(temp)
        current = { kind: 'file' }
      } else if (part.filename === null) {
        if (fields.size >= MAX_FIELDS) throw errors.badRequest('Too many form fields')
        current = { kind: 'field', name: part.name, bytes: [], size: 0 }
      } else {
        current = { kind: 'skip' } // further files are ignored, as on Supabase
      }
    } else if (event.type === 'data') {
      if (current?.kind === 'file' && temp) {
        if (!(await temp.write(event.chunk))) throw errors.payloadTooLarge()
      } else if (current?.kind === 'field') {
        current.size += event.chunk.byteLength
        if (current.size > MAX_FIELD_BYTES) throw errors.badRequest(`Form field ${current.name.slice(0, 50)} is too large`)
        current.bytes.push(Buffer.from(event.chunk))
      }
    } else {
      if (current?.kind === 'field') fields.set(current.name, Buffer.concat(current.bytes).toString('utf8'))
      current = null
    }
  }

  if (!temp) throw errors.badRequest('No file found in the multipart body')
  const finished: TempFile = temp
  const { size, md5 } = await finished.finish()
  const metadata = fields.get('metadata')
  return {
    temp: finished,
    size,
    md5,
    mimetype,
    cacheControl: normalizeCacheControl(fields.get('cacheControl')),
    userMetadata: metadata ? parseUserMetadata(metadata) : null,
  }
}
