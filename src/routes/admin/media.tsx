import { data } from 'react-router'
import { mediaMessages as m, mediaPlaceSchema, pathOf } from '~/entities/media-file'
import { deleteMedia, listMedia, MediaBeingArchived, MediaInUse, MediaNameTaken, moveMedia, uploadToLibrary } from '~/features/admin/media/api/media-library'
import { MediaScreen } from '~/features/admin/media/components/media-screen'
import { adminAction, attempt, refused, loadOr, parseValues, type ActionResult } from '~/features/admin/lib/admin-action'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { ImageRejected, safeName } from '~/features/admin/lib/upload-media'
import type { Route } from './+types/media'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Media')

export async function clientLoader() {
  return { files: await loadOr(m.fetchFailed, listMedia, []) }
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

const intents = adminAction({
  move: async (db, body) => {
    const input = parseValues(mediaPlaceSchema, body.values, m.moveFailed)
    if ('error' in input) return input.error
    const from = String(body.path)
    const to = pathOf(input.values)
    if (to === from) return refused(m.unchanged, { name: m.unchanged })
    try {
      await moveMedia(db, from, to)
    } catch (error) {
      if (error instanceof MediaNameTaken) return refused(m.moveFailed, { name: m.nameTaken })
      console.error(m.moveFailed, error)
      return refused(m.moveFailed)
    }
    return { ok: true, toast: { kind: 'success', message: m.moved } }
  },
  delete: async (db, body) => {
    try {
      await deleteMedia(db, String(body.path))
    } catch (error) {
      if (error instanceof MediaInUse) return refused(m.inUse(error.uses))
      if (error instanceof MediaBeingArchived) return refused(m.beingArchived)
      console.error(m.deleteFailed, error)
      return refused(m.deleteFailed)
    }
    return { ok: true, toast: { kind: 'success', message: m.deleted } }
  },
})

/** An upload (a form with the file and its folder); the file keeps its own name, cleaned. */
async function upload(form: FormData): Promise<ActionResult> {
  const file = form.get('file')
  if (!(file instanceof File)) return refused('Please select an image file')
  const folder = mediaPlaceSchema.shape.folder.safeParse(String(form.get('folder') ?? ''))
  if (!folder.success) return refused(folder.error.issues[0]?.message ?? m.createFailed)
  const name = safeName(file.name)
  let message: string | null = null
  const result = await attempt(
    async () => {
      try {
        await uploadToLibrary(await adminDb(), file, folder.data ? `${folder.data}/${name}` : name)
      } catch (error) {
        if (error instanceof ImageRejected) message = error.message
        else if (error instanceof MediaNameTaken) message = `${m.nameTaken}: rename the file before uploading it`
        else throw error
      }
    },
    m.createFailed,
    m.created,
  )
  return message ? refused(message) : result
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  if (!request.headers.get('Content-Type')?.startsWith('multipart/form-data')) return intents({ request })
  const result = await upload(await request.formData())
  return result.ok ? result : data(result, { status: 400 })
}

export default function AdminMediaRoute({ loaderData }: Route.ComponentProps) {
  return <MediaScreen files={loaderData.files} />
}
