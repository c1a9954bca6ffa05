// The local storage API (/storage/v1): Supabase's storage API as supabase-js's storage client uses
// it — upload, update, download (public, authenticated, signed), signed download and upload URLs,
// info, list (v1 and v2), move, copy, remove, and buckets (list, get, create, update, empty,
// delete). Row-level security on storage.objects and storage.buckets decides who may do what;
// files live under DATA_DIR/storage/<bucket>/<key>. Image transformations (/render/image) are
// rendered with sharp and cached under DATA_DIR/storage-render. Not offered: resumable (TUS) and S3
// uploads.
//
// Routes are dispatched by hand after '/object' because the first segment may be a route word
// ('public', 'sign', 'list', …) or a bucket, and keys contain slashes.
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { BackendDeps } from '../deps.ts'
import { handleDeleteMany, handleDeleteOne } from './delete.ts'
import { errors, StorageHttpError, storageErrorResponse } from './errors.ts'
import { FileStore } from './files.ts'
import { ImageRenderer } from './image-renderer.ts'
import { findObject } from './objects.ts'
import { routeSegments } from './paths.ts'
import { handleCreateBucket, handleDeleteBucket, handleEmptyBucket, handleGetBucket, handleListBuckets, handleUpdateBucket } from './buckets.ts'
import {
  handleAuthenticatedDownload,
  handleInfo,
  handleList,
  handleListV2,
  handlePublicDownload,
  handleSign,
  handleSignedDownload,
  handleSignMany,
} from './read.ts'
import type { StorageServices } from './request.ts'
import { UrlSigner } from './signing.ts'
import { handleCreateUploadUrl, handleSignedUpload } from './signed-upload.ts'
import { handleAuthenticatedRender, handlePublicRender, handleSignedRender } from './render.ts'
import { handleCopy, handleMove } from './transfer.ts'
import { handleUpload } from './upload.ts'

type Handler = (c: Context, services: StorageServices, segments: string[]) => Promise<Response>

function segmentsOf(c: Context): string[] {
  // The route is '<mount>/object/*': everything after '<mount>/object' is ours to split.
  const root = c.req.routePath.replace(/\/\*$/, '')
  const segments = routeSegments(new URL(c.req.url).pathname, root)
  if (!segments) throw errors.invalidKey(new URL(c.req.url).pathname)
  return segments
}

const routeNotFound = (c: Context) => errors.routeNotFound(c.req.method, new URL(c.req.url).pathname)

/** Every answer, including unexpected failures, in storage's error shape; never a stack trace. */
function guarded(services: StorageServices, handler: Handler) {
  return async (c: Context): Promise<Response> => {
    try {
      return await handler(c, services, segmentsOf(c))
    } catch (error) {
      if (error instanceof StorageHttpError) return storageErrorResponse(c, error)
      console.error(`storage: ${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
      return storageErrorResponse(c, errors.internal())
    }
  }
}

/** GET (and HEAD) /object/…: a download (public, authenticated, signed) or an object's info. */
const readObject: Handler = (c, services, segments) => {
  const [first, ...rest] = segments
  if (first === 'public') return handlePublicDownload(c, services, rest)
  if (first === 'authenticated') return handleAuthenticatedDownload(c, services, rest)
  if (first === 'sign') return handleSignedDownload(c, services, rest)
  if (first === 'info') return handleInfo(c, services, rest)
  return handleAuthenticatedDownload(c, services, segments)
}

/**
 * POST /object/…: a list, a signed URL, a move or copy, an upload URL, or an upload. Route words are
 * taken only in the shape of their route ('list-v2/<bucket>', 'move' alone), so an upload into a
 * bucket that happens to be named 'list-v2' or 'move' still is one.
 */
const postObject: Handler = (c, services, segments) => {
  const [first, ...rest] = segments
  if (first === 'list' && rest.length === 1) return handleList(c, services, rest[0])
  if (first === 'list-v2' && rest.length === 1) return handleListV2(c, services, rest[0])
  if (first === 'sign' && rest.length === 1) return handleSignMany(c, services, rest[0])
  if (first === 'sign') return handleSign(c, services, rest)
  if (first === 'move' && rest.length === 0) return handleMove(c, services)
  if (first === 'copy' && rest.length === 0) return handleCopy(c, services)
  if (first === 'upload' && rest[0] === 'sign') return handleCreateUploadUrl(c, services, rest.slice(1))
  return handleUpload(c, services, segments, c.req.header('x-upsert') === 'true')
}

/** PUT /object/…: an upload to a signed URL, or an update. */
const putObject: Handler = (c, services, segments) => {
  if (segments[0] === 'upload' && segments[1] === 'sign') return handleSignedUpload(c, services, segments.slice(2))
  return handleUpload(c, services, segments, true)
}

/** DELETE /object/<bucket> (several objects) or /object/<bucket>/<key>. */
const deleteObjects: Handler = (c, services, segments) =>
  segments.length === 1 ? handleDeleteMany(c, services, segments[0]) : handleDeleteOne(c, services, segments)

/** GET /render/image/…: an image transformation (public, authenticated, signed). */
const renderImage: Handler = (c, services, segments) => {
  const [first, ...rest] = segments
  if (first === 'public') return handlePublicRender(c, services, rest)
  if (first === 'authenticated') return handleAuthenticatedRender(c, services, rest)
  if (first === 'sign') return handleSignedRender(c, services, rest)
  throw routeNotFound(c)
}

/** A handler of /bucket/<id>: exactly one segment after /bucket. */
const oneBucket =
  (handler: (c: Context, services: StorageServices, id: string) => Promise<Response>): Handler =>
  (c, services, segments) => {
    if (segments.length !== 1) throw routeNotFound(c)
    return handler(c, services, segments[0])
  }

/** POST /bucket/<id>/empty. */
const emptyBucket: Handler = (c, services, segments) => {
  if (segments.length !== 2 || segments[1] !== 'empty') throw routeNotFound(c)
  return handleEmptyBucket(c, services, segments[0])
}

function storageServices(deps: BackendDeps): StorageServices {
  const renderer = new ImageRenderer(deps.config.dataDir)
  const versionOf = async (bucket: string, key: string) => {
    const row = await deps.db.asSystem((tx) => findObject(tx, bucket, key))
    return row?.version ?? null
  }
  return { deps, store: new FileStore(deps.config.dataDir, versionOf, renderer), signer: new UrlSigner(deps.keys.jwtSecret), renderer }
}

export function createStorageRoutes(deps: BackendDeps): Hono {
  const services = storageServices(deps)
  const route = (handler: Handler) => guarded(services, handler)
  const routes = new Hono()
  // GET also answers HEAD (Hono routes HEAD to GET handlers; the handlers skip the body).
  routes.get('/object/*', route(readObject))
  routes.post('/object/*', route(postObject))
  routes.put('/object/*', route(putObject))
  routes.delete('/object/*', route(deleteObjects))
  routes.get('/render/image/*', route(renderImage))
  routes.get('/bucket', route(handleListBuckets))
  routes.post('/bucket', route(handleCreateBucket))
  routes.get('/bucket/*', route(oneBucket(handleGetBucket)))
  routes.put('/bucket/*', route(oneBucket(handleUpdateBucket)))
  routes.delete('/bucket/*', route(oneBucket(handleDeleteBucket)))
  routes.post('/bucket/*', route(emptyBucket))
  routes.all('*', (c) => storageErrorResponse(c, routeNotFound(c)))
  return routes
}
