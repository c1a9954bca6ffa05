// POST /object/move and /object/copy {bucketId, sourceKey, destinationKey, destinationBucket?}:
// the row and the file go together. In one transaction as the caller, the source row is read
// (SELECT policies), the destination's limits are checked, a hard link of the file is staged with an
// intent record (files.ts), and the row is renamed (move: UPDATE policies, old and new row) or
// written (copy: INSERT, or with x-upsert: true also UPDATE); only after COMMIT is the link renamed
// into place and, for a move, the source file removed. A crash in between is finished or undone by
// the intent on the next start, as for an upload.
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import type { Transaction } from '../db.ts'
import { roleContext, type Identity } from '../identity.ts'
import { errors, StorageHttpError } from './errors.ts'
import type { Staged } from './files.ts'
import { findObject, insertObject, mapWriteError, upsertObject, type BucketRow, type NewObject, type ObjectRow } from './objects.ts'
import { assertValidBucketName, assertValidKey } from './paths.ts'
import { identify, ownerOf, readJsonObject, requireBucket, type StorageServices } from './request.ts'
import { acceptedContentType } from './upload-body.ts'

interface TransferRequest {
  bucket: string
  sourceKey: string
  toBucket: string
  destinationKey: string
}

function parseTransfer(body: Record<string, unknown>): TransferRequest {
  for (const field of ['bucketId', 'sourceKey', 'destinationKey'] as const) {
    if (typeof body[field] !== 'string') throw errors.badRequest(`body must have required property '${field}'`)
  }
  const bucket = body.bucketId as string
  const toBucket = body.destinationBucket === undefined || body.destinationBucket === null ? bucket : body.destinationBucket
  if (typeof toBucket !== 'string') throw errors.badRequest('destinationBucket must be a string')
  assertValidBucketName(bucket)
  assertValidBucketName(toBucket)
  assertValidKey(body.sourceKey as string)
  assertValidKey(body.destinationKey as string)
  return { bucket, sourceKey: body.sourceKey as string, toBucket, destinationKey: body.destinationKey as string }
}

/** A file arriving in another bucket meets that bucket's limits, as an upload would. */
function assertFitsBucket(source: ObjectRow, bucket: BucketRow): void {
  const size = source.metadata?.size ?? 0
  if (bucket.file_size_limit !== null && size > bucket.file_size_limit) throw errors.payloadTooLarge()
  acceptedContentType(source.metadata?.mimetype ?? 'application/octet-stream', bucket.allowed_mime_types)
}

/**
 * Runs one transfer: `write` changes the rows inside the caller's transaction after the source was
 * found and its file staged at the destination; the staged file is put in place after COMMIT.
 */
async function transfer<T>(
  c: Context,
  services: StorageServices,
  identity: Identity,
  request: TransferRequest,
  removeSource: boolean,
  write: (tx: Transaction, source: ObjectRow, version: string) => Promise<T>,
): Promise<T> {
  await requireBucket(services, request.bucket)
  const destination = await requireBucket(services, request.toBucket)
  const version = randomUUID()
  return services.store.writeLock(async () => {
    // Set inside the transaction; read after it (an object, so the compiler does not narrow it away).
    const stage: { staged: Staged | null } = { staged: null }
    let result: T
    try {
      result = await services.deps.db.asRole(roleContext(c, identity), async (tx) => {
        const source = await findObject(tx, request.bucket, request.sourceKey)
        if (!source) throw errors.objectNotFound()
        if (request.toBucket !== request.bucket) assertFitsBucket(source, destination)
        stage.staged = await services.store.stageCopy(request.bucket, request.sourceKey, request.toBucket, request.destinationKey, version)
        if (!stage.staged) throw errors.objectNotFound()
        const written = await write(tx, source, version)
        // Last step before COMMIT: a key that cannot be a file rolls the row back.
        await services.store.prepareTarget(request.toBucket, request.destinationKey)
        return written
      })
    } catch (error) {
      if (stage.staged) await services.store.abandon(stage.staged)
      throw error instanceof StorageHttpError ? error : mapWriteError(error)
    }
    if (stage.staged) await services.store.complete(stage.staged)
    // Still under the write lock, so no later write to the source name can be caught by this. A
    // crash before it leaves a file no row names.
    if (removeSource) await services.store.removeObjects(request.bucket, [request.sourceKey])
    return result
  })
}

/** POST /object/move: renames the object (row and file); the destination must not exist. */
export async function handleMove(c: Context, services: StorageServices): Promise<Response> {
  const identity = await identify(c, services)
  const request = parseTransfer(await readJsonObject(c))
  if (request.bucket === request.toBucket && request.sourceKey === request.destinationKey) {
    // Nothing to move, as on Supabase: the answer names the object if the caller may see it.
    const source = await services.deps.db.asRole(roleContext(c, identity), (tx) => findObject(tx, request.bucket, request.sourceKey))
    if (!source) throw errors.objectNotFound()
    return c.json({ message: 'Successfully moved', Id: source.id, Key: request.destinationKey })
  }
  const { owner, ownerId } = ownerOf(identity)
  const id = await transfer(c, services, identity, request, true, async (tx, source, version) => {
    const { rows } = await tx.query<{ id: string }>(
      `update storage.objects
          set bucket_id = $3, name = $4, version = $5, owner = $6, owner_id = $7, updated_at = now()
        where bucket_id = $1 and name = $2
        returning id`,
      [request.bucket, request.sourceKey, request.toBucket, request.destinationKey, version, owner, ownerId],
    )
    // The row was readable but the UPDATE policies do not let this caller change it.
    if (rows.length === 0) throw errors.objectNotFound()
    return source.id
  })
  return c.json({ message: 'Successfully moved', Id: id, Key: request.destinationKey })
}

/** POST /object/copy (x-upsert: true replaces an existing destination): a new object, same bytes. */
export async function handleCopy(c: Context, services: StorageServices): Promise<Response> {
  const identity = await identify(c, services)
  const request = parseTransfer(await readJsonObject(c))
  if (request.bucket === request.toBucket && request.sourceKey === request.destinationKey) {
    throw errors.duplicate()
  }
  const upsert = c.req.header('x-upsert') === 'true'
  const { owner, ownerId } = ownerOf(identity)
  const { id, object } = await transfer(c, services, identity, request, false, async (tx, source, version) => {
    if (!source.metadata) throw errors.objectNotFound()
    const copied: NewObject = {
      id: randomUUID(),
      bucket: request.toBucket,
      name: request.destinationKey,
      owner,
      ownerId,
      metadata: { ...source.metadata, lastModified: new Date().toISOString() },
      userMetadata: source.user_metadata,
      version,
    }
    return { id: await (upsert ? upsertObject(tx, copied) : insertObject(tx, copied)), object: copied }
  })
  return c.json({
    Id: id,
    Key: `${request.toBucket}/${request.destinationKey}`,
    id,
    name: object.name,
    bucket_id: object.bucket,
    owner: object.owner,
    owner_id: object.ownerId,
    version: object.version,
    metadata: object.metadata,
    user_metadata: object.userMetadata,
  })
}
