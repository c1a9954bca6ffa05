// Per-request helpers of the storage API: who is calling (answered in storage's error shape), JSON
// bodies read with a cap, and the pieces every handler shares.
import type { Context } from 'hono'
import type { BackendDeps } from '../deps.ts'
import { resolveIdentity, type Identity } from '../identity.ts'
import { isJsonContentType, JsonTooDeepError, parseJsonLimited } from '../json-limits.ts'
import { errors } from './errors.ts'
import type { FileStore } from './files.ts'
import type { ImageRenderer } from './image-renderer.ts'
import { findBucket, type BucketRow } from './objects.ts'
import { assertValidBucketName, assertValidKey, bucketAndKey } from './paths.ts'
import type { UrlSigner } from './signing.ts'

export interface StorageServices {
  deps: BackendDeps
  store: FileStore
  signer: UrlSigner
  renderer: ImageRenderer
}

const MAX_JSON_BYTES = 1024 * 1024
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The caller, as storage-api judges the Authorization header (and the gateway the apikey). */
export async function identify(c: Context, services: StorageServices): Promise<Identity> {
  const result = await resolveIdentity(c, services.deps.verifier)
  if (result.ok) return result.identity
  switch (result.failure) {
    case 'missing_apikey':
      throw c.req.header('authorization') ? errors.missingApiKey() : errors.missingJwt()
    case 'expired':
      throw errors.invalidJwt('jwt expired')
    default:
      throw errors.invalidJwt('invalid signature')
  }
}

/** storage.objects.owner is the caller's user id when it is one; owner_id keeps the raw `sub`. */
export function ownerOf(identity: Identity): { owner: string | null; ownerId: string | null } {
  return ownerOfSubject(identity.claims.sub)
}

export function ownerOfSubject(subject: unknown): { owner: string | null; ownerId: string | null } {
  const sub = typeof subject === 'string' && subject !== '' ? subject : null
  return { owner: sub && UUID.test(sub) ? sub : null, ownerId: sub }
}

/** A JSON object body, read with a size cap; malformed or non-object JSON is a 400. */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  if (!isJsonContentType(c.req.header('content-type'))) throw errors.unsupportedBodyType()
  const declared = Number(c.req.header('content-length'))
  if (Number.isFinite(declared) && declared > MAX_JSON_BYTES) throw errors.payloadTooLarge()
  const body = c.req.raw.body
  if (!body) return {}
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_JSON_BYTES) throw errors.payloadTooLarge()
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = parseJsonLimited(text)
  } catch (error) {
    if (error instanceof JsonTooDeepError) throw errors.badRequest(error.message)
    throw errors.badRequest('Body is not valid JSON')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw errors.badRequest('Body must be a JSON object')
  }
  return value as Record<string, unknown>
}

/** Bucket and key from route segments, both validated. */
export function targetOf(segments: string[]): { bucket: string; key: string } {
  const target = bucketAndKey(segments)
  if (!target) throw errors.invalidKey('')
  assertValidBucketName(target.bucket)
  assertValidKey(target.key)
  return target
}

/** Bucket metadata (limits, public flag) is platform bookkeeping: read as the owner. */
export async function requireBucket(services: StorageServices, id: string): Promise<BucketRow> {
  assertValidBucketName(id)
  const bucket = await services.deps.db.asSystem((tx) => findBucket(tx, id))
  if (!bucket) throw errors.bucketNotFound()
  return bucket
}
