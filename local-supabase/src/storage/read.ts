// Reading: public, authenticated and signed downloads; creating signed URLs; listing.
// Who may read is decided by SELECT policies on storage.objects, run as the caller — except the
// two routes Supabase serves without asking the database who you are: /object/public on a public
// bucket, and /object/sign with a valid token (the token is the permission, checked when it was
// made).
import type { Context } from 'hono'
import type { Transaction } from '../db.ts'
import { roleContext } from '../identity.ts'
import { serveObject } from './download.ts'
import { errors } from './errors.ts'
import { findObject, listObjects, SORT_COLUMNS, type ObjectMetadata, type ObjectRow, type SortColumn } from './objects.ts'
import { isValidKey } from './paths.ts'
import { identify, readJsonObject, requireBucket, targetOf, type StorageServices } from './request.ts'
import { parseExpiresIn } from './signing.ts'
import { parseTransformOptions, transformationsString } from './transform-options.ts'

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

/**
 * POST /object/sign/<bucket>/<key> {expiresIn, transform?}: only for an object the caller may SELECT.
 * With `transform`, the URL is a render URL whose token carries the transformations.
 */
export async function handleSign(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket, key } = targetOf(segments)
  const body = await readJsonObject(c)
  const expiresIn = parseExpiresIn(body.expiresIn)
  const transform = body.transform
  if (transform !== undefined && (typeof transform !== 'object' || transform === null || Array.isArray(transform))) {
    throw errors.badRequest('body/transform must be object')
  }
  const options = transform ? parseTransformOptions(transform as Record<string, unknown>) : null
  await requireBucket(services, bucket)
  const row = await services.deps.db.asRole(roleContext(c, identity), (tx) => findObject(tx, bucket, key))
  if (!row) throw errors.objectNotFound()
  if (!options) return c.json({ signedURL: `/object/sign/${bucket}/${key}?token=${await services.signer.sign(bucket, key, expiresIn)}` })
  const token = await services.signer.sign(bucket, key, expiresIn, { transformations: transformationsString(options), format: options.format })
  return c.json({ signedURL: `/render/image/sign/${bucket}/${key}?token=${token}` })
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
    const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths])
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

/**
 * GET /object/info/[public/|authenticated/]<bucket>/<key>: the object's details as JSON. In a public
 * bucket anyone may ask (as its public URL serves the file); otherwise SELECT as the caller decides.
 */
export async function handleInfo(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const route = segments[0] === 'public' || segments[0] === 'authenticated' ? segments[0] : null
  const { bucket: bucketId, key } = targetOf(route ? segments.slice(1) : segments)
  const bucket = await requireBucket(services, bucketId)
  let row: ObjectRow | null
  if (bucket.public) {
    row = await services.deps.db.asSystem((tx) => findObject(tx, bucket.id, key))
  } else {
    if (route === 'public') throw errors.bucketNotFound()
    const identity = await identify(c, services)
    row = await services.deps.db.asRole(roleContext(c, identity), (tx) => findObject(tx, bucket.id, key))
  }
  if (!row) throw errors.objectNotFound()
  const metadata = row.metadata
  const headers: Record<string, string> = { 'Last-Modified': new Date(row.updated_at).toUTCString() }
  if (metadata?.eTag) headers.ETag = metadata.eTag
  return c.json(
    {
      id: row.id,
      name: row.name,
      version: row.version,
      bucket_id: row.bucket_id,
      size: metadata?.size ?? null,
      content_type: metadata?.mimetype ?? null,
      cache_control: metadata?.cacheControl ?? null,
      etag: metadata?.eTag ?? null,
      metadata: row.user_metadata,
      last_modified: row.updated_at,
      created_at: row.created_at,
    },
    200,
    headers,
  )
}

const MAX_LIST_V2 = 1000

const LIST_V2_SORT_COLUMNS = ['name', 'created_at', 'updated_at'] as const

/** Where the last page ended: its last key and, when sorting by a date, that entry's date. */
interface ListV2Cursor {
  after: string
  at: string
}

function encodeCursor(cursor: ListV2Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

function decodeCursor(value: unknown): ListV2Cursor | null {
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string' || value.length > 4096) throw errors.badRequest('cursor is not one this API gave')
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Partial<ListV2Cursor>
    if (typeof parsed.after === 'string' && !parsed.after.includes('\0') && typeof parsed.at === 'string' && !Number.isNaN(Date.parse(parsed.at))) {
      return { after: parsed.after, at: parsed.at }
    }
  } catch {
    // falls through to the refusal
  }
  throw errors.badRequest('cursor is not one this API gave')
}

interface ListedV2 {
  key: string
  sort_at: Date
  is_folder: boolean
  id: string | null
  updated_at: Date | null
  created_at: Date | null
  last_accessed_at: Date | null
  metadata: ObjectMetadata | null
}

/**
 * POST /object/list-v2/<bucket> {prefix, limit, cursor, with_delimiter, sortBy}: full keys under a
 * plain prefix, by name or by date, a page at a time (`hasNext`, `nextCursor`); with_delimiter folds each
 * deeper path into one folder entry ('a/b/'). Runs as the caller: only rows it may SELECT appear.
 */
export async function handleListV2(c: Context, services: StorageServices, bucket: string): Promise<Response> {
  const identity = await identify(c, services)
  const options = listV2Options(await readJsonObject(c))
  await requireBucket(services, bucket)
  const rows = await services.deps.db.asRole(roleContext(c, identity), (tx) => listV2Rows(tx, bucket, options))
  const { pageSize } = options
  const page = rows.slice(0, pageSize)
  const hasNext = rows.length > pageSize
  const last = page.at(-1)
  return c.json({
    hasNext,
    ...(hasNext && last ? { nextCursor: encodeCursor({ after: last.key, at: new Date(last.sort_at).toISOString() }), nextCursorKey: last.key } : {}),
    // A folder is its key without the trailing slash, and its name with it: nothing else, as on Supabase.
    folders: page.filter((row) => row.is_folder).map((row) => ({ key: row.key.replace(/\/$/, ''), name: row.key })),
    objects: page
      .filter((row) => !row.is_folder)
      .map((row) => ({
        id: row.id,
        key: row.key,
        name: row.key,
        bucket_id: bucket,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: row.metadata,
      })),
  })
}

interface ListV2Options {
  prefix: string
  pageSize: number
  withDelimiter: boolean
  column: (typeof LIST_V2_SORT_COLUMNS)[number]
  order: 'asc' | 'desc'
  cursor: ReturnType<typeof decodeCursor>
}

/** A list-v2 request's body as options, or a 400 naming what is wrong. */
function listV2Options(body: Record<string, unknown>): ListV2Options {
  const prefix = body.prefix ?? ''
  if (typeof prefix !== 'string' || prefix.length > 1024 || prefix.includes('\0')) throw errors.badRequest('prefix must be a string')
  const limit = intOption(body.limit, MAX_LIST_V2, 1, Number.MAX_SAFE_INTEGER, 'limit')
  const withDelimiter = body.with_delimiter ?? false
  if (typeof withDelimiter !== 'boolean') throw errors.badRequest('with_delimiter must be true or false')
  const sortBy = (body.sortBy ?? { column: 'name' }) as { column?: unknown; order?: unknown }
  if (typeof sortBy !== 'object' || sortBy === null) throw errors.badRequest('sortBy must be an object')
  const column = sortBy.column
  if (!(LIST_V2_SORT_COLUMNS as readonly unknown[]).includes(column)) {
    throw errors.badRequest(`sortBy.column must be one of ${LIST_V2_SORT_COLUMNS.join(', ')}`)
  }
  const order = sortBy.order === undefined ? 'asc' : sortBy.order
  if (order !== 'asc' && order !== 'desc') throw errors.badRequest('sortBy.order must be asc or desc')
  const cursor = decodeCursor(body.cursor)
  return { prefix, pageSize: Math.min(limit, MAX_LIST_V2), withDelimiter, column: column as ListV2Options['column'], order, cursor }
}

/** One page of entries and one more (whether there is a next page), as the caller may see them. */
async function listV2Rows(tx: Transaction, bucket: string, { prefix, pageSize, withDelimiter, column, order, cursor }: ListV2Options): Promise<ListedV2[]> {
  // Entries are ordered by (date, key): by name, every date is the same; folders have no date and
  // sort as the earliest. Column and order come from fixed lists, never from the request text.
  const sortAt = column === 'name' ? 'null::timestamptz' : `case when key <> name then null else ${column} end`
  const { rows } = await tx.query<ListedV2>(
    `with entries as (
       select case when $3 and strpos(substr(name, char_length($2::text) + 1), '/') > 0
                   then left(name, char_length($2::text) + strpos(substr(name, char_length($2::text) + 1), '/'))
                   else name end as key,
              id, updated_at, created_at, last_accessed_at, metadata, name
         from storage.objects
        where bucket_id = $1 and starts_with(name, $2::text)
     ),
     folded as (
       select distinct on (key) *, coalesce(date_trunc('milliseconds', ${sortAt}), 'epoch') as sort_at
         from entries order by key, name
     )
     select key, key <> name as is_folder, sort_at, id, updated_at, created_at, last_accessed_at, metadata
       from folded
      where $4::text is null
         or row(sort_at, key collate "C") ${order === 'asc' ? '>' : '<'} row($6::timestamptz, $4::text collate "C")
      order by sort_at ${order}, key collate "C" ${order}
      limit $5`,
    [bucket, prefix, withDelimiter, cursor?.after ?? null, pageSize + 1, cursor?.at ?? null],
  )
  return rows
}
