// DELETE /object/<bucket> {prefixes: [...]} (storage-js remove()) and DELETE /object/<bucket>/<key>.
// Rows are deleted as the caller, so only what the DELETE policies allow goes; the files of the
// deleted rows are removed after COMMIT.
import type { Context } from 'hono'
import { errors } from './errors.ts'
import { deleteObjects, mapWriteError, type ObjectRow } from './objects.ts'
import { identify, readJsonObject, requireBucket, targetOf, type StorageServices } from './request.ts'
import { roleContext, type Identity } from '../identity.ts'

const MAX_PREFIXES = 1000

async function deleteAsCaller(c: Context, services: StorageServices, identity: Identity, bucket: string, names: string[]): Promise<ObjectRow[]> {
  await requireBucket(services, bucket)
  return services.store.writeLock(async () => {
    let rows: ObjectRow[]
    try {
      rows = await services.deps.db.asRole(roleContext(c, identity), (tx) => deleteObjects(tx, bucket, names))
    } catch (error) {
      throw mapWriteError(error)
    }
    // Committed: the files go now. (A crash in between leaves files no row names; see files.ts.)
    await services.store.removeObjects(
      bucket,
      rows.map((row) => row.name),
    )
    return rows
  })
}

export async function handleDeleteMany(c: Context, services: StorageServices, bucket: string): Promise<Response> {
  const identity = await identify(c, services)
  const body = await readJsonObject(c)
  const prefixes = body.prefixes
  if (
    !Array.isArray(prefixes) ||
    prefixes.length === 0 ||
    prefixes.length > MAX_PREFIXES ||
    !prefixes.every((p): p is string => typeof p === 'string' && !p.includes('\0'))
  ) {
    throw errors.badRequest(`prefixes must be an array of 1 to ${MAX_PREFIXES} object names`)
  }
  return c.json(await deleteAsCaller(c, services, identity, bucket, prefixes))
}

export async function handleDeleteOne(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket, key } = targetOf(segments)
  const rows = await deleteAsCaller(c, services, identity, bucket, [key])
  if (rows.length === 0) throw errors.objectNotFound()
  return c.json({ message: 'Successfully deleted' })
}
