// Receiving an upload body into a capped temp file, the two ways storage-js sends one:
//  - raw bytes (ArrayBuffer, Buffer, string, stream): Content-Type, Cache-Control and x-metadata
//    headers describe the object;
//  - multipart/form-data (Blob, File, FormData): a `cacheControl` field, an optional `metadata`
//    field (JSON) and one file part whose own Content-Type is the object's type, parsed by busboy
//    as the bytes arrive (Hono's formData() would buffer the whole body first).
// Type and size are judged before a byte is kept: the MIME type as soon as it is known, the size
// from Content-Length when declared and always by counting while streaming.
import type { Readable, Writable } from 'node:stream'
import busboy, { type Busboy } from 'busboy'
import type { Context } from 'hono'
import { JsonTooDeepError, parseJsonLimited } from '../json-limits.ts'
import { errors, StorageHttpError } from './errors.ts'
import { contentMatchesType, isAllowedMediaType, parseMediaType, storedContentType } from './media-type.ts'
import type { FileStore, TempFile } from './files.ts'

/** No request body is read past this, whatever the bucket allows (Supabase's default global limit). */
export const GLOBAL_UPLOAD_LIMIT = 50 * 1024 * 1024
/** Room for multipart framing and fields on top of the file itself when judging Content-Length. */
const MULTIPART_ALLOWANCE = 64 * 1024
const MAX_FIELD_BYTES = 16 * 1024
const MAX_FIELDS = 20

/** Whether a content type is multipart/form-data with a usable boundary (else the body is the file). */
function isMultipart(contentType: string): boolean {
  const media = parseMediaType(contentType)
  const boundary = media?.params.get('boundary')
  return media?.essence === 'multipart/form-data' && !!boundary && boundary.length <= 70
}

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
  /** The file's first bytes, for the signature check. */
  head: Uint8Array
}

/**
 * The type to store for an upload, or a 415: the Content-Type must parse as exactly one media type
 * and its type/subtype must be one the bucket allows.
 */
export function acceptedContentType(value: string, allowed: string[] | null): string {
  const media = parseMediaType(value)
  if (!media) throw errors.invalidMimeType(value.replace(/[^\x20-\x7e]/g, '?'))
  if (!isAllowedMediaType(media, allowed)) throw errors.invalidMimeType(media.essence)
  return storedContentType(media)
}

function effectiveLimit(limits: BucketLimits): number {
  return Math.min(limits.fileSizeLimit ?? GLOBAL_UPLOAD_LIMIT, GLOBAL_UPLOAD_LIMIT)
}

function parseUserMetadata(json: string): Record<string, unknown> {
  let value: unknown
  try {
    value = parseJsonLimited(json)
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw errors.badRequest(`Invalid metadata: ${error.message}`)
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
  const multipart = isMultipart(contentType)
  const limit = effectiveLimit(limits)

  // A declared length over the limit is refused before reading anything.
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared)) {
    if (declared > GLOBAL_UPLOAD_LIMIT + MULTIPART_ALLOWANCE) throw tooLargeAndClose()
    if (declared > limit + (multipart ? MULTIPART_ALLOWANCE : 0)) throw errors.payloadTooLarge()
  }
  const rawType = multipart ? null : acceptedContentType(contentType, limits.allowedMimeTypes)

  const body = new BodyReader(c.req.raw.body)
  let temp: TempFile | null = null
  try {
    const received = multipart
      ? await receiveMultipart(body, contentType, store, limit, limits, (t) => (temp = t))
      : await receiveRaw(c, body, rawType as string, store, limit, (t) => (temp = t))
    // A CV's bytes must be what its type says (a PDF starts with %PDF-, …): what is served back as
    // application/pdf is then never an HTML page that a browser could be talked into rendering.
    if (!contentMatchesType(parseMediaType(received.mimetype)?.essence ?? '', received.head)) {
      throw errors.contentMismatch(received.mimetype)
    }
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
  const { size, md5, head } = await temp.finish()
  return {
    temp,
    size,
    md5,
    head,
    mimetype: contentType,
    cacheControl: normalizeCacheControl(c.req.header('cache-control')),
    userMetadata,
  }
}

/** Any failure of the multipart parser itself (framing, headers, a body that ends early) is a 400. */
function malformed(): StorageHttpError {
  return errors.badRequest('Malformed multipart body')
}

/** Feeds one chunk to the parser; resolves once it has been taken (busboy holds it under backpressure). */
function feed(parser: Writable, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => parser.write(chunk, (error) => (error ? reject(malformed()) : resolve())))
}

/** The first failure of a multipart upload: later ones are ignored, and `failed` rejects with it. */
class FirstFailure {
  error: unknown = null
  readonly failed: Promise<never>
  private signal: (error: unknown) => void = () => {}

  constructor() {
    this.failed = new Promise<never>((_, reject) => (this.signal = reject))
    this.failed.catch(() => {}) // only ever awaited in a race
  }

  readonly fail = (error: unknown): void => {
    if (this.error !== null) return
    this.error = error
    this.signal(error)
  }
}

/** Where the one file part goes: a temp file of the store, capped at `limit`, handed to `track`. */
interface FileTarget {
  store: FileStore
  limit: number
  limits: BucketLimits
  track: (temp: TempFile) => void
}

interface FilePart {
  temp: TempFile | null
  mimetype: string
  /** Writing its bytes to the temp file. */
  task: Promise<void> | null
}

function multipartParser(contentType: string): Busboy {
  try {
    return busboy({
      headers: { 'content-type': contentType },
      defParamCharset: 'utf8',
      // Further files are skipped, as on Supabase; a longer field value comes truncated and is refused.
      limits: { files: 1, fieldSize: MAX_FIELD_BYTES },
    })
  } catch {
    throw malformed()
  }
}

function collectFields(parser: Busboy, fields: Map<string, string>, failure: FirstFailure): void {
  parser.on('field', (name, value, info) => {
    if (failure.error !== null) return
    if (fields.size >= MAX_FIELDS) return failure.fail(errors.badRequest('Too many form fields'))
    if (info.valueTruncated) return failure.fail(errors.badRequest(`Form field ${name.slice(0, 50)} is too large`))
    fields.set(name, value)
  })
}

function collectFile(parser: Busboy, file: FilePart, target: FileTarget, failure: FirstFailure): void {
  parser.on('file', (_name, stream, info) => {
    stream.on('error', () => failure.fail(malformed())) // a body that ends inside the file
    if (failure.error !== null) return
    // The file part is the object: its type is judged before any of its bytes are kept.
    try {
      file.mimetype = acceptedContentType(info.mimeType, target.limits.allowedMimeTypes)
    } catch (error) {
      return failure.fail(error)
    }
    file.task = writeFilePart(stream, file, target, failure).catch((error: unknown) =>
      failure.fail(error instanceof StorageHttpError || !stream.errored ? error : malformed()),
    )
  })
}

async function writeFilePart(stream: Readable, file: FilePart, target: FileTarget, failure: FirstFailure): Promise<void> {
  const temp = await target.store.createTemp(target.limit)
  file.temp = temp
  target.track(temp)
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    if (failure.error !== null) return
    if (!(await temp.write(chunk))) throw errors.payloadTooLarge()
  }
}

/** Feeds the body to the parser until it ends or the upload fails; no write is under way afterwards. */
async function parseBody(body: BodyReader, parser: Busboy, file: FilePart, failure: FirstFailure): Promise<void> {
  const closed = new Promise<void>((resolve) => parser.once('close', resolve))
  try {
    for await (const chunk of body.chunks()) {
      await Promise.race([feed(parser, chunk), failure.failed])
      if (failure.error !== null) break
    }
    if (failure.error === null) {
      parser.end()
      await Promise.race([closed, failure.failed])
      await file.task
    }
  } catch (error) {
    failure.fail(error)
  } finally {
    parser.destroy()
    await file.task // no write may still be running when the caller discards the temp file
  }
}

/**
 * Parses the body with busboy, field by field and the file chunk by chunk. The first failure wins:
 * reading stops there and the caller drains what is left of the body.
 */
async function receiveMultipart(
  body: BodyReader,
  contentType: string,
  store: FileStore,
  limit: number,
  limits: BucketLimits,
  track: (temp: TempFile) => void,
): Promise<ReceivedUpload> {
  const parser = multipartParser(contentType)
  const failure = new FirstFailure()
  const fields = new Map<string, string>()
  const file: FilePart = { temp: null, mimetype: 'application/octet-stream', task: null }
  parser.on('error', () => failure.fail(malformed()))
  collectFields(parser, fields, failure)
  collectFile(parser, file, { store, limit, limits, track }, failure)
  await parseBody(body, parser, file, failure)
  if (failure.error !== null) throw failure.error

  if (!file.temp) throw errors.badRequest('No file found in the multipart body')
  const { size, md5, head } = await file.temp.finish()
  const metadata = fields.get('metadata')
  return {
    temp: file.temp,
    size,
    md5,
    head,
    mimetype: file.mimetype,
    cacheControl: normalizeCacheControl(fields.get('cacheControl')),
    userMetadata: metadata ? parseUserMetadata(metadata) : null,
  }
}
