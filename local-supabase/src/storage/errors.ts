// Errors in the shape Supabase's storage API answers with: `{statusCode, error, message}`, with
// statusCode as a string. storage-js reads `message` for the error text and `statusCode` for the
// code, so clients see the same StorageApiError as against a hosted project.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export class StorageHttpError extends Error {
  /** Extra response headers (e.g. `Connection: close` when an oversized body was left unread). */
  headers: Record<string, string> = {}

  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export function storageErrorResponse(c: Context, error: StorageHttpError): Response {
  return c.json({ statusCode: String(error.status), error: error.code, message: error.message }, error.status, error.headers)
}

export const errors = {
  missingAuthorization: () =>
    new StorageHttpError(400, 'Error', "headers must have required property 'authorization'"),
  invalidJwt: (message: string) => new StorageHttpError(403, 'Unauthorized', message),
  bucketNotFound: () => new StorageHttpError(404, 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageHttpError(404, 'not_found', 'Object not found'),
  invalidKey: (key: string) => new StorageHttpError(400, 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`),
  invalidBucketName: () => new StorageHttpError(400, 'InvalidBucketName', 'The bucket name contains invalid characters'),
  keyConflict: (key: string) =>
    new StorageHttpError(
      409,
      'Conflict',
      `The key ${key.slice(0, 200)} conflicts with an existing folder or file of the same name`,
    ),
  duplicate: () => new StorageHttpError(409, 'Duplicate', 'The resource already exists'),
  rlsInsert: () => new StorageHttpError(403, 'Unauthorized', 'new row violates row-level security policy'),
  payloadTooLarge: () =>
    new StorageHttpError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  invalidMimeType: (mime: string) =>
    new StorageHttpError(415, 'invalid_mime_type', `mime type ${mime.slice(0, 100)} is not supported`),
  contentMismatch: (mime: string) =>
    new StorageHttpError(415, 'invalid_mime_type', `The file's content is not of type ${mime.slice(0, 100)}`),
  tooManyRequests: () => new StorageHttpError(429, 'too_many_requests', 'Too many submissions, please try again later.'),
  unsupportedBodyType: () => new StorageHttpError(415, 'Unsupported Media Type', 'This endpoint takes application/json'),
  badRequest: (message: string) => new StorageHttpError(400, 'Bad Request', message),
  invalidSignature: (message: string) => new StorageHttpError(400, 'InvalidSignature', message),
  notImplemented: (what: string) =>
    new StorageHttpError(501, 'Not Implemented', `${what} is not supported by the local storage API`),
  routeNotFound: (method: string, path: string) =>
    new StorageHttpError(404, 'Not Found', `Route ${method}:${path.slice(0, 200)} not found`),
}
