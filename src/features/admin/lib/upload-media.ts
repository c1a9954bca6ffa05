// Uploads an image to the public `media` bucket and returns its public URL. The type and size are
// checked here first so the person gets a clear message; the bucket repeats both rules. Where a
// photo was taken (EXIF GPS, XMP) is removed before it leaves the browser: the file becomes public.
// The file goes straight to Storage through a signed upload URL: the database checks the uploader's
// right once, when the URL is made, and the bytes never pass through anything else.
import type { Db } from '~/lib/supabase'
import { stripLocation } from './strip-location'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export class ImageRejected extends Error {}

/** A file or folder name as the media library keeps it: lowercase letters, digits, '.', '_' and '-'. */
export function safeName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[-.]+|-+$/g, '')
  return cleaned.slice(-80) || 'image'
}

/** Checks the image as the bucket will, with the person's wording. */
export function checkImage(file: File): void {
  if (!file.type.startsWith('image/')) throw new ImageRejected('Please select an image file')
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejected('Image must be 5 MB or smaller')
}

/** Sends the file to `path` in the media bucket through a signed upload URL; the path it was stored at. */
export async function uploadMediaAt(db: Db, file: File, path: string): Promise<string> {
  checkImage(file)
  // Sent as bytes with an explicit type: the same request whatever File implementation is at hand.
  const body = stripLocation(new Uint8Array(await file.arrayBuffer()))
  const media = db.storage.from('media')
  const signed = await media.createSignedUploadUrl(path)
  if (signed.error) throw new Error(`Failed to upload image: ${signed.error.message}`)
  const { error } = await media.uploadToSignedUrl(signed.data.path, signed.data.token, body, { contentType: file.type })
  if (error) throw new Error(`Failed to upload image: ${error.message}`)
  return signed.data.path
}

/** `name`: the file's own name, when the file passed through a form that dropped it. */
export async function uploadMedia(db: Db, file: File, folder: string, name = file.name): Promise<string> {
  checkImage(file)
  const path = await uploadMediaAt(db, file, `${folder}/${crypto.randomUUID()}-${safeName(name)}`)
  return db.storage.from('media').getPublicUrl(path).data.publicUrl
}
