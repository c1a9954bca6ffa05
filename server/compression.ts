// Compression of streamed responses (fresh renders, form results, proxied API answers): brotli
// when the browser takes it, otherwise gzip, through a zlib stream so nothing waits for the whole
// body. Cached pages are compressed once per form instead (shared-pages.ts), static files at start.
import { Readable } from 'node:stream'
import Negotiator from 'negotiator'
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync, type BrotliOptions } from 'node:zlib'

const MIN_BYTES = 1024
const BROTLI: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
const GZIP_LEVEL = 5

export function isCompressible(contentType: string | null): boolean {
  if (!contentType) return false
  const type = contentType.split(';')[0].trim().toLowerCase()
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'application/rss+xml' ||
    type === 'application/manifest+json' ||
    type === 'image/svg+xml' ||
    type.endsWith('+json')
  )
}

export type Encoding = 'br' | 'gzip' | null

// negotiator 1.x takes a server preference for ties; its published types predate that option.
interface RankedNegotiator {
  encoding(available: readonly string[], options: { preferred: readonly string[] }): string | undefined
}

/**
 * The encoding to send, by the Accept-Encoding rules of RFC 9110 (§12.5.3): q-values decide and
 * `q=0` refuses; among equals, `preferred` decides (brotli first unless told otherwise). No header,
 * or nothing acceptable on offer, is the body as it is.
 */
export function chooseEncoding(acceptEncoding: string | undefined, preferred: readonly ('br' | 'gzip')[] = ['br', 'gzip']): Encoding {
  if (!acceptEncoding) return null
  const offered = [...preferred, 'identity']
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as RankedNegotiator
  const chosen = negotiator.encoding(offered, { preferred: offered })
  return chosen === 'br' || chosen === 'gzip' ? chosen : null
}

/**
 * Whether a response is worth compressing here. Headers first: the body is looked at last, because
 * reading `body` makes @hono/node-server build a stream for a response it would otherwise write in
 * one go (a small static file, a redirect).
 */
export function worthCompressing(response: Response): boolean {
  const headers = response.headers
  if (headers.has('Content-Encoding')) return false
  if (response.status === 204 || response.status === 304 || response.status === 206) return false
  const length = headers.get('Content-Length')
  if (length !== null && Number(length) < MIN_BYTES) return false
  if (!isCompressible(headers.get('Content-Type'))) return false
  if (/\bno-transform\b/.test(headers.get('Cache-Control') ?? '')) return false
  return response.body !== null
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary')
  if (!vary) headers.set('Vary', 'Accept-Encoding')
  else if (!/accept-encoding/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`)
}

/** A whole body, compressed now. */
export function compressBuffer(body: Buffer, encoding: Encoding): Buffer {
  if (encoding === 'br') return brotliCompressSync(body, BROTLI)
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL })
  return body
}

/** The response with its body compressed as a stream (when `worthCompressing` says so). */
export function compressResponse(response: Response, encoding: Encoding): Response {
  if (!encoding) return response
  const headers = new Headers(response.headers)
  headers.delete('Content-Length')
  headers.set('Content-Encoding', encoding)
  addVary(headers)
  const compressor = encoding === 'br' ? createBrotliCompress(BROTLI) : createGzip({ level: GZIP_LEVEL })
  const source = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>)
  source.on('error', (error) => compressor.destroy(error))
  const body = Readable.toWeb(source.pipe(compressor)) as ReadableStream<Uint8Array>
  return new Response(body, { status: response.status, statusText: response.statusText, headers })
}
