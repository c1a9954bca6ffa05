// Reading: public, authenticated and signed downloads; creating signed URLs; listing; buckets.
// Who may read is decided by SELECT policies on storage.objects, run as the caller — except the
// two routes Supabase serves without asking the database who you are: /object/public on a public
// bucket, and /object/sign with a valid token (the token is the permission, checked when it was
// made).
import type { Context } from 'hono'
import { roleContext } from '../identity.ts'
import { serveObject } from './download.ts'
import { errors } from './errors.ts'
import { findObject, listBuckets, listObjects, SORT_COLUMNS, type SortColumn } from './objects.ts'
import { isValidKey } from './paths.ts'
import { identify, readJsonObject, requireBucket, targetOf, type StorageServices } from './request.ts'
import { parseExpiresIn } from './signing.ts'

function serveOptions(c: Context, privateCache: boolean) {
  return {
    head: c.req.method === 'HEAD',
    download: c.req.query('download'),
    privateCache,
    ifNoneMatch: c.req.header('if-none-match'),
  }
}

/** GET|HEAD /object/public/<bucket>/<key>: no key needed; private buckets look like missing objects. */
export async function handlePublicDownload(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const { bucket: bucketId, key } = targetOf(segments)
  const row = await services.deps.db.asSystem(async (tx) => {
    const bucket = await tx.query<{ public: boolean }>('select public from storage.buckets where id = $1', [bucketId])
    return bucket.rows[0]?.public === true ? findObject(tx, bucketId, key) : null
  })
  if (!row) throw errors.objectNotFound()
  return serveObject(services.store, row, serveOptions(c, false))
}

/** GET|HEAD /object/authenticated/<bucket>/<key> and /object/<bucket>/<key>: SELECT as the caller. */
export async function handleAuthenticatedDownload(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket: bucketId, key } = targetOf(segments)
  const bucket = await requireBucket(services, bucketId)
  const row = await services.deps.db.asRole(roleContext(c, identity), (tx) => findObject(tx, bucket.id, key))
  if (!row) throw errors.objectNotFound()
  return serveObject(services.store, row, serveOptions(c, !bucket.public))
}

/** GET|HEAD /object/sign/<bucket>/<key>?token=…: the token alone grants the read. */
export async function handleSignedDownload(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const { bucket, key } = targetOf(segments)
  await services.signer.verify(c.req.query('token'), bucket, key)
  const row = await services.deps.db.asSystem((tx) => findObject(tx, bucket, key))
  if (!row) throw errors.objectNotFound()
  return serveObject(services.store, row, serveOptions(c, true))
}

/** POST /object/sign/<bucket>/<key> {expiresIn}: only for an object the caller may SELECT. */
export async function handleSign(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket, key } = targetOf(segments)
  const body = await readJsonObject(c)
  const expiresIn = parseExpiresIn(body.expiresIn)
  await requireBucket(services, bucket)
  const row = await services.deps.db.asRole(roleContext(c, identity), (tx) => findObject(tx, bucket, key))
  if (!row) throw errors.objectNotFound()
  const token = await services.signer.sign(bucket, key, expiresIn)
  return c.json({ signedURL: `/object/sign/${bucket}/${key}?token=${token}` })
}

const MAX_SIGN_PATHS = 1000

/** POST /object/sign/<bucket> {expiresIn, paths}: one entry per path, an error for those not readable. */
export async function handleSignMany(c: Context, services: StorageServices, bucket: string): Promise<Response> {
  const identity = await identify(c, services)
  const body = await readJsonObject(c)
  const expiresIn = parseExpiresIn(body.expiresIn)
  const paths = body.paths
  if (
    !Array.isArray(paths) ||
    paths.length === 0 ||
    paths.length > MAX_SIGN_PATHS ||
    !paths.every((p): p is string => typeof p === 'string' && !p.includes('\0'))
  ) {
    throw errors.badRequest(`paths must be an array of 1 to ${MAX_SIGN_PATHS} object names`)
  }
  await requireBucket(services, bucket)
  const readable = await services.deps.db.asRole(roleContext(c, identity), async (tx) => {
    const { rows } = await tx.query<{ name: string }>(
      'select name from storage.objects where bucket_id = $1 and name = any($2::text[])',
      [bucket, paths],
    )
    return new Set(rows.map((r) => r.name))
  })
  const result = await Promise.all(
    paths.map(async (path) => {
      if (!readable.has(path) || !isValidKey(path)) {
        return { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null }
      }
      const token = await services.signer.sign(bucket, path, expiresIn)
      return { error: null, path, signedURL: `/object/sign/${bucket}/${path}?token=${token}` }
    }),
  )
  return c.json(result)
}

function intOption(value: unknown, fallback: number, min: number, max: number, name: string): number {
  if (value === undefined || value === null) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw errors.badRequest(`${name} must be a whole number from ${min} to ${max}`)
  }
  return value
}

/** POST /object/list/<bucket> {prefix, limit, offset, sortBy, search}: one folder level, as the caller. */
export async function handleList(c: Context, services: StorageServices, bucket: string): Promise<Response> {
  const identity = await identify(c, services)
  const body = await readJsonObject(c)
  const rawPrefix = body.prefix ?? ''
  const search = body.search ?? ''
  // Postgres text cannot hold NUL: refuse it here rather than fail in the query.
  if (typeof rawPrefix !== 'string' || rawPrefix.length > 1024 || rawPrefix.includes('\0')) {
    throw errors.badRequest('prefix must be a string')
  }
  if (typeof search !== 'string' || search.length > 1024 || search.includes('\0')) {
    throw errors.badRequest('search must be a string')
  }
  const limit = intOption(body.limit, 100, 1, 1000, 'limit')
  const offset = intOption(body.offset, 0, 0, 1_000_000, 'offset')
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  if (typeof sortBy !== 'object' || sortBy === null) throw errors.badRequest('sortBy must be an object')
  const column = sortBy.column ?? 'name'
  if (!(SORT_COLUMNS as readonly unknown[]).includes(column)) {
    throw errors.badRequest(`sortBy.column must be one of ${SORT_COLUMNS.join(', ')}`)
  }
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc'
  if (order !== 'asc' && order !== 'desc') throw errors.badRequest('sortBy.order must be asc or desc')

  // 'folder' and 'folder/' both list the folder's contents; '' lists the bucket's top level.
  const trimmed = rawPrefix.replace(/^\/+/, '')
  const prefix = trimmed === '' || trimmed.endsWith('/') ? trimmed : `${trimmed}/`

  await requireBucket(services, bucket)
  const items = await services.deps.db.asRole(roleContext(c, identity), (tx) =>
    listObjects(tx, bucket, { prefix, limit, offset, sortColumn: column as SortColumn, sortOrder: order, search }),
  )
  return c.json(items)
}

/** GET /bucket and GET /bucket/<id>: the buckets the caller's role may see (the service role: all). */
export async function handleBuckets(c: Context, services: StorageServices, id?: string): Promise<Response> {
  const identity = await identify(c, services)
  const buckets = await services.deps.db.asRole(roleContext(c, identity), (tx) => listBuckets(tx, id))
  if (id === undefined) return c.json(buckets)
  if (buckets.length === 0) throw errors.bucketNotFound()
  return c.json(buckets[0])
}
