// Errors in the shape Supabase's storage API answers with: `{statusCode, error, message}`, with
// statusCode as a string. storage-js reads `message` for the error text and `statusCode` for the
// code, so clients see the same StorageApiError as against a hosted project.
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'

export class StorageHttpError extends Error {
  /** Extra response headers (e.g. `Connection: close` when an oversized body was left unread). */
  headers: Record<string, string> = {}

  /**
   * @param code Supabase's error code (`NoSuchKey`, `AccessDenied`, …), sent as `code`.
   * @param error the older, human-facing `error` field; Supabase sends the code when it has none.
   */
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message)
  }
}

export function storageErrorResponse(c: Context, error: StorageHttpError): Response {
  return c.json({ statusCode: String(error.status), code: error.code, error: error.error, message: error.message }, error.status, error.headers)
}

export const errors = {
  /** What Supabase's storage answers a request without a bearer token: its JWT check fails. */
  missingJwt: () => new StorageHttpError(403, 'AccessDenied', 'Invalid Compact JWS', 'Unauthorized'),
  missingApiKey: () => new StorageHttpError(403, 'AccessDenied', 'No API key found in request', 'Unauthorized'),
  invalidJwt: (message: string) => new StorageHttpError(403, 'AccessDenied', message, 'Unauthorized'),
  bucketNotFound: () => new StorageHttpError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  objectNotFound: () => new StorageHttpError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageHttpError(400, 'InvalidKey', `Invalid key: ${key.slice(0, 200)}`),
  invalidBucketName: () => new StorageHttpError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  keyConflict: (key: string) =>
    new StorageHttpError(409, 'KeyAlreadyExists', `The key ${key.slice(0, 200)} conflicts with an existing folder or file of the same name`, 'Conflict'),
  duplicate: () => new StorageHttpError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageHttpError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  rlsInsert: () => new StorageHttpError(403, 'AccessDenied', 'new row violates row-level security policy', 'Unauthorized'),
  /** The database refused the caller in words of its own (42501 from a trigger, not a policy). */
  accessDenied: (message: string) => new StorageHttpError(403, 'AccessDenied', message, 'Unauthorized'),
  /** The database could not take the lock the change needs (55P03), for now. */
  resourceLocked: () => new StorageHttpError(423, 'ResourceLocked', 'The resource is locked'),
  payloadTooLarge: () => new StorageHttpError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mime: string) => new StorageHttpError(415, 'InvalidMimeType', `mime type ${mime.slice(0, 100)} is not supported`, 'invalid_mime_type'),
  contentMismatch: (mime: string) =>
    new StorageHttpError(415, 'InvalidMimeType', `The file's content is not of type ${mime.slice(0, 100)}`, 'invalid_mime_type'),
  tooManyRequests: () => new StorageHttpError(429, 'SlowDown', 'Too many submissions, please try again later.', 'too_many_requests'),
  unsupportedBodyType: () => new StorageHttpError(415, 'InvalidMimeType', 'This endpoint takes application/json', 'Unsupported Media Type'),
  badRequest: (message: string) => new StorageHttpError(400, 'InvalidRequest', message, 'Bad Request'),
  noContent: () => new StorageHttpError(400, 'InvalidRequest', 'No content provided'),
  invalidSignature: (message: string) => new StorageHttpError(400, 'InvalidSignature', message),
  invalidUploadSignature: (message: string) => new StorageHttpError(400, 'InvalidUploadSignature', message),
  routeNotFound: (method: string, path: string) => new StorageHttpError(404, 'NotFound', `Route ${method}:${path.slice(0, 200)} not found`, 'Not Found'),
  internal: () => new StorageHttpError(500, 'InternalError', 'Internal Server Error', 'internal'),
}
