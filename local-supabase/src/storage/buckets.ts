// /bucket: list, get, create, update, empty and delete, as Supabase's storage API does them. Every
// call runs as the caller, so the row-level-security policies on storage.buckets decide (on a
// Supabase project there are none by default: only the service role, which bypasses them, manages
// buckets); emptying deletes objects as the caller, so the policies on storage.objects decide that.
import type { Context } from 'hono'
import { roleContext, type RoleContext } from '../identity.ts'
import { errors } from './errors.ts'
import { allowStorageDeletes, BUCKET_COLUMNS, deleteObjects, LISTED_BUCKET_COLUMNS, mapWriteError, type BucketRow } from './objects.ts'
import { assertValidBucketName } from './paths.ts'
import { identify, readJsonObject, requireBucket, type StorageServices } from './request.ts'
import { GLOBAL_UPLOAD_LIMIT } from './upload-body.ts'

const SORT_COLUMNS = ['id', 'name', 'created_at', 'updated_at'] as const
/** Objects removed per transaction when a bucket is emptied. */
const EMPTY_BATCH = 1000
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 }

/** `file_size_limit`: bytes, or a size such as '5MB'; never above the global upload limit. */
function parseFileSizeLimit(value: unknown): number | null {
  if (value === null) return null
  let bytes: number
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) {
    bytes = value
  } else if (typeof value === 'string' && /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.test(value)) {
    const [, amount, unit] = /^(\d+(?:\.\d+)?)(gb|mb|kb|b)$/i.exec(value) as RegExpExecArray
    bytes = Math.round(Number(Number(amount).toPrecision(3)) * UNITS[unit.toLowerCase()])
  } else {
    throw errors.badRequest('file_size_limit must be a whole number of bytes or a size such as "5MB"')
  }
  if (bytes > GLOBAL_UPLOAD_LIMIT) throw errors.payloadTooLarge()
  return bytes
}

/** `allowed_mime_types`: type/subtype patterns (`image/*` allowed), as Supabase validates them. */
function parseAllowedMimeTypes(value: unknown): string[] | null {
  if (value === null) return null
  if (!Array.isArray(value) || value.length > 100 || !value.every((type): type is string => typeof type === 'string')) {
    throw errors.badRequest('allowed_mime_types must be an array of media types')
  }
  const types = value.filter((type) => type !== '')
  for (const type of types) {
    if (type.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+|\*)$/.test(type)) throw errors.invalidMimeType(type)
  }
  return types
}

interface BucketChanges {
  public?: boolean
  file_size_limit?: number | null
  allowed_mime_types?: string[] | null
}

function parseChanges(body: Record<string, unknown>): BucketChanges {
  const changes: BucketChanges = {}
  if (body.public !== undefined) {
    if (typeof body.public !== 'boolean') throw errors.badRequest('public must be true or false')
    changes.public = body.public
  }
  if (body.file_size_limit !== undefined) changes.file_size_limit = parseFileSizeLimit(body.file_size_limit)
  if (body.allowed_mime_types !== undefined) changes.allowed_mime_types = parseAllowedMimeTypes(body.allowed_mime_types)
  return changes
}

/** GET /bucket?limit&offset&sortColumn&sortOrder&search: the buckets the caller's role may see. */
export async function handleListBuckets(c: Context, services: StorageServices): Promise<Response> {
  const identity = await identify(c, services)
  const number = (name: string, min: number): number | null => {
    const raw = c.req.query(name)
    if (raw === undefined) return null
    if (!/^\d{1,9}$/.test(raw) || Number(raw) < min) throw errors.badRequest(`${name} must be a whole number of at least ${min}`)
    return Number(raw)
  }
  const limit = number('limit', 1)
  const offset = number('offset', 0) ?? 0
  const sortColumn = c.req.query('sortColumn') ?? 'name'
  if (!(SORT_COLUMNS as readonly string[]).includes(sortColumn)) throw errors.badRequest(`sortColumn must be one of ${SORT_COLUMNS.join(', ')}`)
  const sortOrder = (c.req.query('sortOrder') ?? 'asc').toLowerCase()
  if (sortOrder !== 'asc' && sortOrder !== 'desc') throw errors.badRequest('sortOrder must be asc or desc')
  const search = c.req.query('search') ?? ''
  if (search.length > 100 || search.includes('\0')) throw errors.badRequest('search must be a bucket name or part of one')

  // sortColumn and sortOrder come from fixed lists, never from the request text itself.
  const buckets = await services.deps.db.asRole(
    roleContext(c, identity),
    async (tx) =>
      (
        await tx.query<BucketRow & { type: 'STANDARD' }>(
          `select ${LISTED_BUCKET_COLUMNS} from storage.buckets
          where name ilike '%' || replace(replace(replace($1, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'
          order by ${sortColumn} ${sortOrder}, id limit $2 offset $3`,
          [search, limit, offset],
        )
      ).rows,
  )
  return c.json(buckets)
}

/** GET /bucket/<id>: one bucket, if the caller's role may see it. */
export async function handleGetBucket(c: Context, services: StorageServices, id: string): Promise<Response> {
  const identity = await identify(c, services)
  assertValidBucketName(id)
  const bucket = await services.deps.db.asRole(
    roleContext(c, identity),
    async (tx) => (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
  )
  if (!bucket) throw errors.bucketNotFound()
  return c.json(bucket)
}

/** POST /bucket {id?, name, public?, file_size_limit?, allowed_mime_types?}: inserted as the caller. */
export async function handleCreateBucket(c: Context, services: StorageServices): Promise<Response> {
  const identity = await identify(c, services)
  const body = await readJsonObject(c)
  const name = body.name
  if (typeof name !== 'string') throw errors.badRequest("body must have required property 'name'")
  const id = body.id === undefined || body.id === '' ? name : body.id
  if (typeof id !== 'string') throw errors.badRequest('id must be a string')
  if (body.type !== undefined && body.type !== 'STANDARD') throw errors.badRequest('Only STANDARD buckets are offered by the local storage API')
  // Names with leading or trailing spaces are refused too, as on Supabase.
  if (name.trim() !== name) throw errors.invalidBucketName()
  assertValidBucketName(name)
  assertValidBucketName(id)
  const changes = parseChanges(body)
  const sub = typeof identity.claims.sub === 'string' ? identity.claims.sub : null
  try {
    await services.deps.db.asRole(roleContext(c, identity), (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, case when $3 ~* '^[0-9a-f-]{36}$' then $3::uuid end, $3, $4, $5, $6)`,
        [id, name, sub, changes.public ?? false, changes.file_size_limit ?? null, changes.allowed_mime_types ?? null],
      ),
    )
  } catch (error) {
    throw mapWriteError(error)
  }
  return c.json({ name })
}

/** PUT /bucket/<id> {public?, file_size_limit?, allowed_mime_types?}: updated as the caller. */
export async function handleUpdateBucket(c: Context, services: StorageServices, id: string): Promise<Response> {
  const identity = await identify(c, services)
  assertValidBucketName(id)
  const changes = parseChanges(await readJsonObject(c))
  if (Object.keys(changes).length === 0) throw errors.noContent()
  let updated: number
  try {
    updated = await services.deps.db.asRole(roleContext(c, identity), async (tx) => {
      const { affectedRows } = await tx.query(
        `update storage.buckets
            set public = case when $2::boolean is null then public else $2 end,
                file_size_limit = case when $3 then $4 else file_size_limit end,
                allowed_mime_types = case when $5 then $6 else allowed_mime_types end,
                updated_at = now()
          where id = $1`,
        [
          id,
          changes.public ?? null,
          'file_size_limit' in changes,
          changes.file_size_limit ?? null,
          'allowed_mime_types' in changes,
          changes.allowed_mime_types ?? null,
        ],
      )
      return affectedRows ?? 0
    })
  } catch (error) {
    throw mapWriteError(error)
  }
  if (updated === 0) throw errors.bucketNotFound()
  return c.json({ message: 'Successfully updated' })
}

/**
 * POST /bucket/<id>/empty: removes every object of the bucket the caller may delete, rows and files
 * (batch by batch, each like a remove()). Supabase queues this; here it is done when the answer comes.
 */
export async function handleEmptyBucket(c: Context, services: StorageServices, id: string): Promise<Response> {
  const identity = await identify(c, services)
  const context = roleContext(c, identity)
  await requireVisibleBucket(services, context, id)
  for (;;) {
    const removed = await services.store.writeLock(async () => {
      const rows = await services.deps.db.asRole(context, async (tx) => {
        const { rows: batch } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 order by name limit $2', [
          id,
          EMPTY_BATCH,
        ])
        return batch.length === 0
          ? []
          : deleteObjects(
              tx,
              id,
              batch.map((row) => row.name),
            )
      })
      await services.store.removeObjects(
        id,
        rows.map((row) => row.name),
      )
      return rows.length
    })
    // A batch the caller could see but not delete (policies) ends it: nothing more will go.
    if (removed < EMPTY_BATCH) break
  }
  return c.json({ message: 'Empty bucket has been queued. Completion may take up to an hour.' })
}

/** DELETE /bucket/<id>: only an empty bucket, deleted as the caller. */
export async function handleDeleteBucket(c: Context, services: StorageServices, id: string): Promise<Response> {
  const identity = await identify(c, services)
  await requireBucket(services, id)
  // Storage writes run one at a time, so no upload can land between the count and the delete.
  const deleted = await services.store.writeLock(async () => {
    // Counted as the owner: objects the caller cannot see still keep the bucket.
    const objects = await services.deps.db.asSystem(
      async (tx) => (await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])).rows.length,
    )
    if (objects > 0) throw errors.bucketNotEmpty()
    const gone = await services.deps.db.asRole(roleContext(c, identity), async (tx) => {
      await allowStorageDeletes(tx)
      return (await tx.query('delete from storage.buckets where id = $1', [id])).affectedRows ?? 0
    })
    if (gone > 0) await services.store.removeBucketDirectory(id)
    return gone
  })
  if (deleted === 0) throw errors.bucketNotFound()
  return c.json({ message: 'Successfully deleted' })
}

/** A bucket the caller's role may see (SELECT policies on storage.buckets), else 404. */
async function requireVisibleBucket(services: StorageServices, context: RoleContext, id: string): Promise<void> {
  assertValidBucketName(id)
  const found = await services.deps.db.asRole(context, async (tx) => (await tx.query('select 1 from storage.buckets where id = $1', [id])).rows.length > 0)
  if (!found) throw errors.bucketNotFound()
}
