// Serving an object's bytes with the headers Supabase's storage API sends: the stored content type,
// length, ETag, Last-Modified and Cache-Control, plus nosniff; conditional GET by ETag.
import path from 'node:path'
import type { FileStore } from './files.ts'
import { errors } from './errors.ts'
import type { ObjectRow } from './objects.ts'

export interface ServeOptions {
  head: boolean
  /** The `download` query parameter: absent → inline; '' → attachment under the object's name. */
  download: string | undefined
  /** Private objects must not be kept by shared caches (a CDN or proxy in front of this). */
  privateCache: boolean
  ifNoneMatch: string | undefined
}

/** Types a browser would run script from when the file is opened directly. */
const SCRIPTABLE_TYPES = new Set(['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'application/xml'])

function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export async function serveObject(store: FileStore, row: ObjectRow, options: ServeOptions): Promise<Response> {
  const file = await store.openObject(row.bucket_id, row.name)
  if (!file) throw errors.objectNotFound()

  const metadata = row.metadata
  const contentType = metadata?.mimetype || 'application/octet-stream'
  const cacheControl = metadata?.cacheControl || 'max-age=3600'
  const headers = new Headers({
    'Content-Type': contentType,
    'Content-Length': String(file.size),
    'Cache-Control': options.privateCache ? `private, ${cacheControl}` : cacheControl,
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  })
  if (metadata?.eTag) headers.set('ETag', metadata.eTag)
  // The storage origin is not the site's, but a stored SVG or HTML opened directly must still not
  // run script there.
  const baseType = contentType.split(';')[0].trim().toLowerCase()
  if (SCRIPTABLE_TYPES.has(baseType)) headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  if (options.download !== undefined) {
    headers.set('Content-Disposition', contentDisposition(options.download || path.posix.basename(row.name)))
  }

  if (metadata?.eTag && options.ifNoneMatch && options.ifNoneMatch.split(',').some((tag) => tag.trim() === metadata.eTag)) {
    await file.close()
    headers.delete('Content-Length')
    return new Response(null, { status: 304, headers })
  }
  if (options.head) {
    await file.close()
    return new Response(null, { status: 200, headers })
  }
  return new Response(file.stream(), { status: 200, headers })
}
