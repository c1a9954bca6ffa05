// DELETE /object/<bucket> {prefixes: [...]} (storage-js remove()) and DELETE /object/<bucket>/<key>.
// Rows are deleted as the caller, so only what the DELETE policies allow goes; the files of the
// deleted rows are taken out of the tree inside the same transaction and destroyed after COMMIT.
import { rm } from 'node:fs/promises'
import type { Context } from 'hono'
import { errors } from './errors.ts'
import { deleteObjects, type ObjectRow } from './objects.ts'
import { isValidKey } from './paths.ts'
import { identify, readJsonObject, requireBucket, targetOf, type StorageServices } from './request.ts'
import { roleContext, type Identity } from '../identity.ts'

const MAX_PREFIXES = 1000

async function deleteAsCaller(
  c: Context,
  services: StorageServices,
  identity: Identity,
  bucket: string,
  names: string[],
): Promise<ObjectRow[]> {
  await requireBucket(services, bucket)
  const taken: { file: string; parked: string }[] = []
  let rows: ObjectRow[]
  try {
    rows = await services.deps.db.asRole(roleContext(c, identity), async (tx) => {
      const deleted = await deleteObjects(tx, bucket, names)
      for (const row of deleted) {
        // A row made outside this API (plain SQL) may have a name no file could have.
        if (!isValidKey(row.name)) continue
        const out = await services.store.takeOut(bucket, row.name)
        if (out) taken.push(out)
      }
      return deleted
    })
  } catch (error) {
    for (const out of taken.reverse()) {
      await services.store.putBack(out).catch((putBackError: unknown) => {
        console.error(`storage: could not put back ${out.file} after a failed delete:`, putBackError)
      })
    }
    throw error
  }
  await Promise.all(taken.map((out) => rm(out.parked, { force: true })))
  return rows
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
