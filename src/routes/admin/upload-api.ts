// POST /admin/api/upload (in the browser): an image for a field or a post's content, as a form with
// the file, its name and its folder. The answer carries the image's public URL.
import { data } from 'react-router'
import { z } from '~/lib/schemas'
import { adminDb } from '~/features/admin/lib/admin-db'
import { refused, type ActionResult } from '~/features/admin/lib/admin-action'
import { ImageRejected, uploadMedia } from '~/features/admin/lib/upload-media'
import type { Route } from './+types/upload-api'

const UPLOAD_FAILED = 'Failed to upload image'
const folderSchema = z.string().regex(/^[a-z0-9-]{1,40}$/)

async function upload(form: FormData): Promise<ActionResult> {
  const file = form.get('file')
  const folder = folderSchema.safeParse(form.get('folder'))
  // Any file the form holds (not `instanceof File`: the form may come from another realm's FormData).
  if (file === null || typeof file === 'string') return refused('Please select an image file')
  if (!folder.success) return refused(UPLOAD_FAILED)
  try {
    const link = await uploadMedia(await adminDb(), file, folder.data, String(form.get('name') ?? file.name))
    return { ok: true, link, toast: { kind: 'success', message: 'Image uploaded successfully' } }
  } catch (error) {
    if (error instanceof ImageRejected) return refused(error.message)
    console.error(UPLOAD_FAILED, error)
    return refused(UPLOAD_FAILED)
  }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const result = await upload(await request.formData())
  return result.ok ? result : data(result, { status: 400 })
}
