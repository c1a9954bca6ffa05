// The media bucket as the Media screen works with it: its files with where each is used, uploads,
// renames and moves that keep every page showing the image, and deletes that never break a page.
import type { MediaFile, MediaUse } from '~/entities/media-file'
import { unwrap, type Db } from '~/lib/supabase'
import { uploadMediaAt } from '../../lib/upload-media'

const BUCKET = 'media'
const PAGE = 1000
/** The most files the screen lists; past this a hosted project's own dashboard is the tool. */
const MAX_FILES = 10_000

/** Refused because another file has the name already (nothing was changed). */
export class MediaNameTaken extends Error {}

/** Refused because items still show the file (nothing was deleted). */
export class MediaInUse extends Error {
  readonly uses: MediaUse[]
  constructor(uses: MediaUse[]) {
    super('The image is still used')
    this.uses = uses
  }
}

/**
 * Refused because the publication record names the file and its copy for the record is still
 * being made (at most a minute; nothing was deleted).
 */
export class MediaBeingArchived extends Error {}

function isDuplicate(error: { message: string; statusCode?: string }): boolean {
  return error.statusCode === '409' || /already exists|duplicate/i.test(error.message)
}

/** Every use of every media file, by object name. */
export async function mediaUses(db: Db): Promise<Map<string, MediaUse[]>> {
  const rows = unwrap(await db.rpc('media_usage'), 'Failed to read where media files are used')
  const uses = new Map<string, MediaUse[]>()
  for (const row of rows) {
    const list = uses.get(row.object_name) ?? []
    list.push({ table: row.item_table, id: row.item_id, label: row.item_label })
    uses.set(row.object_name, list)
  }
  return uses
}

/** The items that show the file at `path`. */
export async function usesOf(db: Db, path: string): Promise<MediaUse[]> {
  return (await mediaUses(db)).get(path) ?? []
}

/** Every file of the bucket, the newest first, with its public URL and where it is used. */
export async function listMedia(db: Db): Promise<MediaFile[]> {
  const media = db.storage.from(BUCKET)
  const files: MediaFile[] = []
  const uses = await mediaUses(db)
  let cursor: string | undefined
  do {
    const { data, error } = await media.listV2({ limit: PAGE, cursor, sortBy: { column: 'created_at', order: 'desc' } })
    if (error) throw new Error(`Failed to fetch media files: ${error.message}`)
    for (const object of data.objects) {
      const path = object.key ?? object.name
      const slash = path.lastIndexOf('/')
      const size = object.metadata?.size
      const mimetype = object.metadata?.mimetype
      files.push({
        path,
        folder: slash < 0 ? '' : path.slice(0, slash),
        name: path.slice(slash + 1),
        size: typeof size === 'number' ? size : null,
        mimetype: typeof mimetype === 'string' ? mimetype : null,
        createdAt: object.created_at,
        publicUrl: media.getPublicUrl(path).data.publicUrl,
        uses: uses.get(path) ?? [],
      })
    }
    cursor = data.hasNext ? data.nextCursor : undefined
  } while (cursor && files.length < MAX_FILES)
  return files
}

/** Uploads a file under its own (cleaned) name in `folder`; refused when that name is taken. */
export async function uploadToLibrary(db: Db, file: File, path: string): Promise<string> {
  try {
    return await uploadMediaAt(db, file, path)
  } catch (error) {
    if (error instanceof Error && /already exists|duplicate/i.test(error.message)) throw new MediaNameTaken(error.message)
    throw error
  }
}

/**
 * Renames or moves a file and points every item that shows it to the new URL. When the items
 * cannot be rewritten the file goes back to its old name, so nothing that worked stops working.
 */
export async function moveMedia(db: Db, from: string, to: string): Promise<number> {
  const media = db.storage.from(BUCKET)
  const moved = await media.move(from, to)
  if (moved.error) {
    if (isDuplicate(moved.error)) throw new MediaNameTaken(moved.error.message)
    throw new Error(`Failed to move ${from}: ${moved.error.message}`)
  }
  const rewritten = await db.rpc('rewrite_media_references', { from_name: from, to_name: to })
  if (rewritten.error) {
    const back = await media.move(to, from)
    if (back.error) console.error(`Moving ${to} back to ${from} failed`, back.error)
    throw new Error(`Failed to point the items that use ${from} to ${to}: ${rewritten.error.message}`)
  }
  return rewritten.data ?? 0
}

/** Deletes a file that no item shows; refused (MediaInUse) while any does, and (MediaBeingArchived) while the record's copy is being made. */
export async function deleteMedia(db: Db, path: string): Promise<void> {
  const uses = await usesOf(db, path)
  if (uses.length > 0) throw new MediaInUse(uses)
  const removed = await db.storage.from(BUCKET).remove([path])
  if (removed.error && 'statusCode' in removed.error && removed.error.statusCode === '423') throw new MediaBeingArchived(removed.error.message)
  if (removed.error) throw new Error(`Failed to delete ${path}: ${removed.error.message}`)
  if (removed.data.length === 0) throw new Error(`Failed to delete ${path}: not found or not allowed`)
}
