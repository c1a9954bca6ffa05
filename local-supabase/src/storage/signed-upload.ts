// Signed upload URLs. POST /object/upload/sign/<bucket>/<key> (x-upsert: true to allow replacing)
// checks, as the caller, that its policies would let it write that object, and answers a URL with a
// token for that one path, valid two hours. PUT /object/upload/sign/<bucket>/<key>?token=… then
// takes the file from whoever holds the URL, with the signer as owner; the bucket's limits apply as
// to any upload, and the token is spent by the upload's transaction, so it uploads once. The row is
// written in the signer's role with the uploader's request headers, so the policies decide again
// when the file arrives (Supabase writes it as the platform): a flood limit counts the upload
// itself, and an upload URL cannot be used to get past it.
import type { Context } from 'hono'
import { roleContext, type JwtClaims } from '../identity.ts'
import { assertUploadTokenUnspent, spendUploadToken } from './objects.ts'
import { identify, ownerOf, ownerOfSubject, readJsonObject, requireBucket, targetOf, type StorageServices } from './request.ts'
import { assertCanUpload, storeUpload } from './upload.ts'

export async function handleCreateUploadUrl(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const identity = await identify(c, services)
  const { bucket, key } = targetOf(segments)
  await readJsonObject(c)
  await requireBucket(services, bucket)
  const upsert = c.req.header('x-upsert') === 'true'
  const { owner, ownerId } = ownerOf(identity)
  await assertCanUpload(services, roleContext(c, identity), bucket, key, owner, ownerId, upsert)
  const token = await services.signer.signUpload(bucket, key, identity.role, ownerId, upsert)
  return c.json({ url: `/object/upload/sign/${bucket}/${key}?token=${token}`, token })
}

export async function handleSignedUpload(c: Context, services: StorageServices, segments: string[]): Promise<Response> {
  const { bucket: bucketId, key } = targetOf(segments)
  const grant = await services.signer.verifyUpload(c.req.query('token'), bucketId, key)
  const bucket = await requireBucket(services, bucketId)
  await services.deps.db.asSystem((tx) => assertUploadTokenUnspent(tx, grant.tokenId))
  const { owner, ownerId } = ownerOfSubject(grant.owner)
  const claims: JwtClaims = { role: grant.role, ...(ownerId ? { sub: ownerId } : {}) }
  await storeUpload(c, services, {
    bucket,
    key,
    upsert: grant.upsert,
    owner,
    ownerId,
    context: roleContext(c, { role: grant.role, claims, token: '' }),
    beforeWrite: (tx) => spendUploadToken(tx, grant.tokenId, grant.expiresAt),
  })
  return c.json({ Key: `${bucket.id}/${key}` })
}
