// Serving an object's bytes with the headers Supabase's storage API sends: the stored content type,
// length, ETag, Last-Modified and Cache-Control, plus nosniff; conditional GET by ETag.
import path from 'node:path'
import type { FileStore } from './files.ts'
import { errors } from './errors.ts'
import { isPassiveType, parseMediaType, storedContentType } from './media-type.ts'
import type { ObjectRow } from './objects.ts'

export interface ServeOptions {
  head: boolean
  /** The `download` query parameter: absent → inline; '' → attachment under the object's name. */
  download: string | undefined
  /** A private bucket's object: not kept by shared caches (a CDN or proxy in front), sent as an attachment. */
  privateCache: boolean
  ifNoneMatch: string | undefined
}

function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export async function serveObject(store: FileStore, row: ObjectRow, options: ServeOptions): Promise<Response> {
  const file = await store.openObject(row.bucket_id, row.name)
  if (!file) throw errors.objectNotFound()

  const metadata = row.metadata
  // Re-validated on the way out too: a row written before strict parsing may hold anything.
  const media = metadata?.mimetype ? parseMediaType(metadata.mimetype) : null
  const contentType = media ? storedContentType(media) : 'application/octet-stream'
  const cacheControl = metadata?.cacheControl || 'max-age=3600'
  const headers = new Headers({
    'Content-Type': contentType,
    'Content-Length': String(file.size),
    'Cache-Control': options.privateCache ? `private, ${cacheControl}` : cacheControl,
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
  })
  if (metadata?.eTag) headers.set('ETag', metadata.eTag)
  // Whatever is not a raster image or a PDF (HTML, SVG, XML, text, unknown) is shown, if at all, in
  // a sandbox with nothing allowed: nothing it holds runs script on the API's origin.
  if (!media || !isPassiveType(media.essence)) {
    headers.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  }
  // A private file (a CV behind a signed link) is always a download, never a page of this origin.
  if (options.download !== undefined || options.privateCache) {
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
  return new Response(file.bytes ?? file.stream(), { status: 200, headers })
}
