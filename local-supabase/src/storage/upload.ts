// POST /object/<bucket>/<key> (create, or replace with x-upsert: true) and PUT (replace); signed
// uploads (signed-upload.ts) take the same path.
//
// Order of checks, cheapest refusal first: caller → key → bucket → a permission probe (the row is
// written and rolled back, so row-level security refuses a caller before any byte is read, as
// Supabase's storage API does) → type and size while streaming to a temp file → the real write:
// INSERT (or upsert) as the caller and COMMIT, then the file renamed into place (files.ts).
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { StorageHttpError } from './errors.ts'
import type { Transaction } from '../db.ts'
import { insertObject, mapWriteError, upsertObject, type BucketRow, type NewObject } from './objects.ts'
import { identify, ownerOf, requireBucket, targetOf, type StorageServices } from './request.ts'
import { roleContext, type RoleContext } from '../identity.ts'
import { receiveUpload } from './upload-body.ts'

/** Thrown inside the probe transaction to roll it back after the write was accepted. */
class ProbeAccepted extends Error {}

async function probeWrite(services: StorageServices, context: RoleContext, object: NewObject, upsert: boolean): Promise<void> {
  try {
    await services.deps.db.asRole(context, async (tx) => {
      await (upsert ? upsertObject(tx, object) : insertObject(tx, object))
      throw new ProbeAccepted()
    })
  } catch (error) {
    if (error instanceof ProbeAccepted) return
    throw mapWriteError(error)
  }
}

/** Where an upload goes, and as whom its row is written (row-level security decides). */
export interface UploadTarget {
  bucket: BucketRow
  key: string
  upsert: boolean
  owner: string | null
  ownerId: string | null
  context: RoleContext
  /** Runs inside the write's transaction before the row is written (e.g. spending a one-time token). */
  beforeWrite?: (tx: Transaction) => Promise<void>
}

function newObject(bucket: string, key: string, owner: string | null, ownerId: string | null): NewObject {
  return {
    id: randomUUID(),
    bucket,
    name: key,
    owner,
    ownerId,
    metadata: {
      eTag: '""',
      size: 0,
      mimetype: 'application/octet-stream',
      cacheControl: 'no-cache',
      lastModified: new Date().toISOString(),
      contentLength: 0,
      httpStatusCode: 200,
    },
    userMetadata: {},
    version: randomUUID(),
  }
}

/** Whether the caller's policies would let it write this object (the probe, without the bytes). */
export async function assertCanUpload(
  services: StorageServices,
  context: RoleContext,
  bucket: string,
  key: string,
  owner: string | null,
  ownerId: string | null,
  upsert: boolean,
): Promise<void> {
  await probeWrite(services, context, newObject(bucket, key, owner, ownerId), upsert)
}

/** Streams the request's file into place under the bucket's limits; returns the row's id. */
export async function storeUpload(c: Context, services: StorageServices, target: UploadTarget): Promise<string> {
  const { bucket, key, upsert, context } = target
  const draft = newObject(bucket.id, key, target.owner, target.ownerId)
  await probeWrite(services, context, draft, upsert)

  const received = await receiveUpload(c, services.store, {
    fileSizeLimit: bucket.file_size_limit,
    allowedMimeTypes: bucket.allowed_mime_types,
  })
  const object: NewObject = {
    ...draft,
    metadata: {
      eTag: `"${received.md5}"`,
      size: received.size,
      mimetype: received.mimetype,
      cacheControl: received.cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: received.size,
      httpStatusCode: 200,
    },
    // An upload without metadata stores {}, as Storage's uploader does: info() answers `metadata: {}`.
    userMetadata: received.userMetadata ?? {},
  }

  return services.store.writeLock(async () => {
    const staged = await services.store.stage(received.temp.path, bucket.id, key, object.version)
    let written: string
    try {
      written = await services.deps.db.asRole(context, async (tx) => {
        await target.beforeWrite?.(tx)
        const rowId = await (upsert ? upsertObject(tx, object) : insertObject(tx, object))
        // Last step before COMMIT: a key that cannot be a file rolls the row back.
        await services.store.prepareTarget(bucket.id, key)
        return rowId
      })
    } catch (error) {
      await services.store.abandon(staged)
      await received.temp.discard()
      throw error instanceof StorageHttpError ? error : mapWriteError(error)
    }
    // Committed: only now does the new file replace the old one.
    await services.store.complete(staged)
    return written
  })
}

export async function handleUpload(c: Context, services: StorageServices, segments: string[], upsert: boolean): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket: bucketId, key } = targetOf(segments)
  const bucket = await requireBucket(services, bucketId)
  const id = await storeUpload(c, services, { bucket, key, upsert, ...ownerOf(identity), context: roleContext(c, identity) })
  return c.json({ Id: id, Key: `${bucket.id}/${key}` })
}
