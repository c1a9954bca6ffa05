// GET|HEAD /render/image/{public,authenticated,sign}/<bucket>/<key>: Supabase's image
// transformation API. Who may read is decided as for the matching /object download (a public
// bucket's URL, SELECT as the caller, or a signed token, whose transformations are the ones it was
// signed with); the variant comes from image-renderer.ts. As on a hosted project, with no `format`
// the image is sent as WebP to a browser whose Accept names it (Vary: Accept), else in its own format.
import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { roleContext } from '../identity.ts'
import { errors } from './errors.ts'
import { MAX_SOURCE_BYTES, openVariant, renderErrors, SOURCE_HEAD_BYTES, type Variant } from './image-renderer.ts'
import { findObject, type ObjectRow } from './objects.ts'
import { identify, requireBucket, targetOf, type StorageServices } from './request.ts'
import { appliedTransformations, optionsFromTransformations, parseTransformOptions, type TransformOptions } from './transform-options.ts'

interface RenderContext {
  privateCache: boolean
  /** A signed URL's expiry, sent as Expires in place of Cache-Control (as Supabase does). */
  expires?: Date
}

/** True when the Accept header names image/webp with a non-zero weight. */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false
  return accept.split(',').some((entry) => {
    const [type, ...params] = entry.split(';').map((part) => part.trim().toLowerCase())
    if (type !== 'image/webp') return false
    const q = params.find((param) => param.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

function contentDisposition(filename: string): string {
  const encoded = encodeURIComponent(filename)
  return filename === '' ? 'attachment;' : `attachment; filename=${encoded}; filename*=UTF-8''${encoded}`
}

async function readSource(services: StorageServices, row: ObjectRow): Promise<Buffer> {
  const file = await services.store.openObject(row.bucket_id, row.name)
  if (!file) throw errors.objectNotFound()
  if (file.size > MAX_SOURCE_BYTES) {
    await file.close()
    throw renderErrors.tooLarge()
  }
  const chunks: Uint8Array[] = []
  try {
    const reader = file.stream().getReader()
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value)
  } finally {
    await file.close()
  }
  return Buffer.concat(chunks)
}

async function readHead(services: StorageServices, row: ObjectRow): Promise<Buffer> {
  const file = await services.store.openObject(row.bucket_id, row.name)
  if (!file) throw errors.objectNotFound()
  try {
    const reader = file.stream().getReader()
    const first = await reader.read()
    await reader.cancel()
    return Buffer.from(first.value ?? []).subarray(0, SOURCE_HEAD_BYTES)
  } finally {
    await file.close()
  }
}

async function renderObject(c: Context, services: StorageServices, row: ObjectRow, options: TransformOptions, context: RenderContext): Promise<Response> {
  const metadata = row.metadata
  if ((metadata?.size ?? 0) > MAX_SOURCE_BYTES) throw renderErrors.tooLarge()
  const negotiated = options.format === undefined
  const variant: Variant = await services.renderer.variant({
    bucket: row.bucket_id,
    key: row.name,
    version: row.version ?? row.id,
    readHead: () => readHead(services, row),
    readSource: () => readSource(services, row),
    options,
    acceptsWebp: negotiated && acceptsWebp(c.req.header('accept')),
  })

  const source = (metadata?.eTag ?? `"${row.version ?? row.id}"`).replace(/^W\//, '').replace(/"/g, '')
  const eTag = `"${source}-${createHash('sha256').update(variant.tag).digest('hex').slice(0, 12)}"`
  const cacheControl = metadata?.cacheControl || 'max-age=3600'
  const headers = new Headers({
    'Content-Type': variant.contentType,
    'Content-Length': String(variant.size),
    'Last-Modified': new Date(row.updated_at).toUTCString(),
    ETag: eTag,
    'X-Content-Type-Options': 'nosniff',
    'X-Robots-Tag': 'none',
  })
  if (context.expires) headers.set('Expires', context.expires.toUTCString())
  else headers.set('Cache-Control', context.privateCache ? `private, ${cacheControl}` : cacheControl)
  if (negotiated) headers.set('Vary', 'Accept')
  const applied = appliedTransformations(options)
  if (applied) headers.set('X-Transformations', applied)
  const download = c.req.query('download')
  if (download !== undefined) headers.set('Content-Disposition', contentDisposition(download))

  const ifNoneMatch = c.req.header('if-none-match')
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === eTag)) {
    headers.delete('Content-Length')
    return new Response(null, { status: 304, headers })
  }
  if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers })
  return new Response(await openVariant(variant), { status: 200, headers })
}

const queryOptions = (c: Context) => parseTransformOptions(c.req.query())

/** /render/image/public/<bucket>/<key>: no key needed; a private bucket's objects look missing. */
export async function handlePublicRender(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const { bucket: bucketId, key } = targetOf(segments)
  const options = queryOptions(c)
  const row = await services.deps.db.asSystem(async (tx) => {
    const bucket = await tx.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucketId])
    return bucket.rows[0]?.public === true ? findObject(tx, bucketId, key) : null
  })
  if (!row) throw errors.objectNotFound()
  return renderObject(c, services, row, options, { privateCache: false })
}

/** /render/image/authenticated/<bucket>/<key>: SELECT as the caller decides. */
export async function handleAuthenticatedRender(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket: bucketId, key } = targetOf(segments)
  const options = queryOptions(c)
  const bucket = await requireBucket(services, bucketId)
  const row = await services.deps.db.asRole(roleContext(c, identity), (tx) => findObject(tx, bucket.id, key))
  if (!row) throw errors.objectNotFound()
  return renderObject(c, services, row, options, { privateCache: !bucket.public })
}

/** /render/image/sign/<bucket>/<key>?token=…: the token grants the read and fixes the transformations. */
export async function handleSignedRender(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const { bucket, key } = targetOf(segments)
  const claims = await services.signer.verify(c.req.query('token'), bucket, key)
  const row = await services.deps.db.asSystem((tx) => findObject(tx, bucket, key))
  if (!row) throw errors.objectNotFound()
  const transformations = typeof claims.transformations === 'string' ? claims.transformations : ''
  const options = optionsFromTransformations(transformations, claims.format)
  return renderObject(c, services, row, options, { privateCache: true, expires: claims.expiresAt })
}
