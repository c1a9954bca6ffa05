// Object keys and bucket names: validated as Supabase's storage API validates them, plus what a
// filesystem-backed store needs (no '.' or '..' segments, bounded segment length), and mapped to
// files under DATA_DIR/storage/<bucket>/<key>.
import path from 'node:path'
import { errors } from './errors.ts'

// Supabase's storage API accepts only these characters in keys (an S3-safe subset; non-ASCII is
// refused there too), so names that work locally also work on a hosted project.
const KEY_CHARACTERS = /^[A-Za-z0-9_/!\-.*'() &$@=;:+,?]+$/
const BUCKET_CHARACTERS = /^[A-Za-z0-9_!\-.*'() &$@=;:+,?]+$/
/** S3's limit for a whole key, in UTF-8 bytes (all characters allowed are single bytes). */
const MAX_KEY_LENGTH = 1024
/** Most filesystems' limit for one path component. */
const MAX_SEGMENT_LENGTH = 255
const MAX_BUCKET_LENGTH = 100

export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH || !KEY_CHARACTERS.test(key)) return false
  return key.split('/').every((segment) => segment.length > 0 && segment.length <= MAX_SEGMENT_LENGTH && segment !== '.' && segment !== '..')
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw errors.invalidKey(key)
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_BUCKET_LENGTH && BUCKET_CHARACTERS.test(name) && name !== '.' && name !== '..'
}

export function assertValidBucketName(name: string): void {
  if (!isValidBucketName(name)) throw errors.invalidBucketName()
}

/**
 * The path segments of the request after `root` (e.g. '/storage/v1/object'), decoded. Decoding
 * happens per segment, so a '%2F' inside a segment still yields a '/' in the key and is then judged
 * by the key rules like any other '/'. Null when the path is not under root or is malformed.
 */
export function routeSegments(pathname: string, root: string): string[] | null {
  if (pathname === root) return []
  if (!pathname.startsWith(root + '/')) return null
  const rest = pathname.slice(root.length + 1)
  if (rest === '') return []
  try {
    return rest.split('/').map((segment) => decodeURIComponent(segment))
  } catch {
    return null // malformed percent-encoding
  }
}

/** `<bucket>/<key...>` split from route segments; the key keeps empty segments so validation sees them. */
export function bucketAndKey(segments: string[]): { bucket: string; key: string } | null {
  if (segments.length === 0) return null
  const [bucket, ...keyParts] = segments
  return { bucket, key: keyParts.join('/') }
}

/** Where an object's bytes live. The key must already be valid; the containment check is a second guard. */
export function objectFilePath(storageRoot: string, bucket: string, key: string): string {
  assertValidBucketName(bucket)
  assertValidKey(key)
  const bucketDir = path.resolve(storageRoot, bucket)
  const file = path.resolve(bucketDir, ...key.split('/'))
  if (!file.startsWith(bucketDir + path.sep)) throw errors.invalidKey(key)
  return file
}
