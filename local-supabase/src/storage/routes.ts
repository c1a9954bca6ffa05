// The local storage API (/storage/v1): the subset of Supabase's storage API that supabase-js's
// storage client uses for this product — upload, update, download (public, authenticated,
// signed), signed URLs, list, remove, and reading buckets. Row-level security on storage.objects
// decides who may do what; files live under DATA_DIR/storage/<bucket>/<key>.
//
// Routes are dispatched by hand after '/object' because the first segment may be a route word
// ('public', 'sign', 'list', …) or a bucket, and keys contain slashes.
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { BackendDeps } from '../deps.ts'
import { handleDeleteMany, handleDeleteOne } from './delete.ts'
import { errors, StorageHttpError, storageErrorResponse } from './errors.ts'
import { FileStore } from './files.ts'
import { findObject } from './objects.ts'
import { routeSegments } from './paths.ts'
import {
  handleAuthenticatedDownload,
  handleBuckets,
  handleList,
  handlePublicDownload,
  handleSign,
  handleSignedDownload,
  handleSignMany,
} from './read.ts'
import type { StorageServices } from './request.ts'
import { UrlSigner } from './signing.ts'
import { handleUpload } from './upload.ts'

type Handler = (c: Context, segments: string[]) => Promise<Response>

function segmentsOf(c: Context): string[] {
  // The route is '<mount>/object/*': everything after '<mount>/object' is ours to split.
  const root = c.req.routePath.replace(/\/\*$/, '')
  const segments = routeSegments(new URL(c.req.url).pathname, root)
  if (!segments) throw errors.invalidKey(new URL(c.req.url).pathname)
  return segments
}

/** Every answer, including unexpected failures, in storage's error shape; never a stack trace. */
function guarded(handler: Handler) {
  return async (c: Context): Promise<Response> => {
    try {
      return await handler(c, segmentsOf(c))
    } catch (error) {
      if (error instanceof StorageHttpError) return storageErrorResponse(c, error)
      console.error(`storage: ${c.req.method} ${new URL(c.req.url).pathname} failed:`, error)
      return storageErrorResponse(c, new StorageHttpError(500, 'internal', 'Internal Server Error'))
    }
  }
}

export function createStorageRoutes(deps: BackendDeps): Hono {
  const services: StorageServices = {
    deps,
    store: new FileStore(deps.config.dataDir, async (bucket, key) => {
      const row = await deps.db.asSystem((tx) => findObject(tx, bucket, key))
      return row?.version ?? null
    }),
    signer: new UrlSigner(deps.keys.jwtSecret),
  }
  const routes = new Hono()

  // GET also answers HEAD (Hono routes HEAD to GET handlers; the handlers skip the body).
  routes.get(
    '/object/*',
    guarded((c, segments) => {
      const [first, ...rest] = segments
      if (first === 'public') return handlePublicDownload(c, services, rest)
      if (first === 'authenticated') return handleAuthenticatedDownload(c, services, rest)
      if (first === 'sign') return handleSignedDownload(c, services, rest)
      if (first === 'info') throw errors.notImplemented('Object info')
      return handleAuthenticatedDownload(c, services, segments)
    }),
  )

  routes.post(
    '/object/*',
    guarded((c, segments) => {
      const [first, ...rest] = segments
      if (first === 'list' && rest.length === 1) return handleList(c, services, rest[0])
      if (first === 'sign' && rest.length === 1) return handleSignMany(c, services, rest[0])
      if (first === 'sign') return handleSign(c, services, rest)
      if ((first === 'move' || first === 'copy') && rest.length === 0) throw errors.notImplemented(`Object ${first}`)
      if (first === 'upload' && rest[0] === 'sign') throw errors.notImplemented('Signed upload URLs')
      return handleUpload(c, services, segments, c.req.header('x-upsert') === 'true')
    }),
  )

  routes.put(
    '/object/*',
    guarded((c, segments) => {
      if (segments[0] === 'upload' && segments[1] === 'sign') throw errors.notImplemented('Signed upload URLs')
      return handleUpload(c, services, segments, true)
    }),
  )

  routes.delete(
    '/object/*',
    guarded((c, segments) =>
      segments.length === 1 ? handleDeleteMany(c, services, segments[0]) : handleDeleteOne(c, services, segments),
    ),
  )

  routes.get(
    '/bucket/*',
    guarded((c, segments) => {
      if (segments.length > 1) throw errors.routeNotFound(c.req.method, new URL(c.req.url).pathname)
      return handleBuckets(c, services, segments[0])
    }),
  )
  routes.get(
    '/bucket',
    guarded((c) => handleBuckets(c, services)),
  )

  routes.all('*', (c) => storageErrorResponse(c, errors.routeNotFound(c.req.method, new URL(c.req.url).pathname)))
  return routes
}
