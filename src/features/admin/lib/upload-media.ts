// Uploads an image to the public `media` bucket and returns its public URL. The type and size are
// checked here first so the person gets a clear message; the bucket repeats both rules. Where a
// photo was taken (EXIF GPS, XMP) is removed before it leaves the browser: the file becomes public.
import type { Db } from '~/lib/supabase'
import { stripLocation } from './strip-location'

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export class ImageRejected extends Error {}

function safeName(name: string): string {
  const cleaned = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return cleaned.slice(-80) || 'image'
}

export async function uploadMedia(db: Db, file: File, folder: string): Promise<string> {
  if (!file.type.startsWith('image/')) throw new ImageRejected('Please select an image file')
  if (file.size > MAX_IMAGE_BYTES) throw new ImageRejected('Image must be 5 MB or smaller')
  const path = `${folder}/${crypto.randomUUID()}-${safeName(file.name)}`
  // Sent as bytes with an explicit type: the same request whatever File implementation is at hand.
  const body = stripLocation(new Uint8Array(await file.arrayBuffer()))
  const { error } = await db.storage.from('media').upload(path, body, { contentType: file.type, upsert: false })
  if (error) throw new Error(`Failed to upload image: ${error.message}`)
  return db.storage.from('media').getPublicUrl(path).data.publicUrl
}
