// A file of the public media bucket as the Media screen shows it: where it is, what it weighs and
// which items use it. Renaming or moving one rewrites its URL wherever it is used.
import { z } from '~/lib/schemas'
import { entityMessages } from './messages'

/** An item whose column holds a media file's URL (public.media_usage()). */
export interface MediaUse {
  table: string
  id: string
  label: string
}

export interface MediaFile {
  /** The object name in the bucket: folder/…/file. */
  path: string
  folder: string
  name: string
  size: number | null
  mimetype: string | null
  createdAt: string
  publicUrl: string
  uses: MediaUse[]
}

/** What each table is called where staff read a file's uses. */
export const MEDIA_USE_KINDS: Record<string, string> = {
  blog_posts: 'Blog post',
  clients: 'Client',
  testimonials: 'Testimonial',
  team_members: 'Team member',
  website_content: 'Website content',
  site_settings: 'Site setting',
}

export function describeUse(use: MediaUse): string {
  return `${MEDIA_USE_KINDS[use.table] ?? use.table}: ${use.label}`
}

const part = /^[a-z0-9._-]+$/

/** A new place for a file: its folder (empty for the top level, nested with '/') and its name. */
export const mediaPlaceSchema = z.object({
  folder: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, 'Folder must be at most 200 characters')
    .transform((folder) => folder.replace(/^\/+|\/+$/g, ''))
    .refine(
      (folder) => folder === '' || folder.split('/').every((segment) => part.test(segment) && segment !== '.' && segment !== '..'),
      'Use lowercase letters, digits, ".", "_" and "-", folders separated by /',
    ),
  name: z
    .string()
    .trim()
    .min(1, 'File name is required')
    .max(120, 'File name must be at most 120 characters')
    .regex(part, 'Use lowercase letters, digits, ".", "_" and "-"')
    .refine((name) => /\.(png|jpe?g|gif|webp)$/.test(name), 'Keep the image extension (.png, .jpg, .gif or .webp)'),
})

export type MediaPlaceInput = z.input<typeof mediaPlaceSchema>
export type MediaPlace = z.output<typeof mediaPlaceSchema>

export function pathOf(place: MediaPlace): string {
  return place.folder ? `${place.folder}/${place.name}` : place.name
}

export const mediaMessages = {
  ...entityMessages('image', 'media files', {
    created: 'Image uploaded successfully',
    createFailed: 'Failed to upload image',
    empty: 'No images found',
    confirmDelete: 'Are you sure you want to delete this image? It will be removed from storage for good.',
  }),
  moved: 'Image renamed successfully',
  moveFailed: 'Failed to rename image',
  nameTaken: 'Another file already has this name in this folder',
  unchanged: 'Choose a new name or folder',
  inUse: (uses: MediaUse[]) => `This image is still used by ${uses.map(describeUse).join(', ')}. Replace it there before deleting it.`,
  beingArchived: 'This image is on the publication record and is being archived: try again in a minute.',
}
