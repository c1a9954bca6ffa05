// The media library as a picker: browse and search the images of the media bucket, or upload one,
// and hand back the chosen image's address. The body's "Image" dialog and the image fields of the
// editors (a post's featured image, its author's picture) all choose through it. The library is
// read when the picker opens (the Media route's loader, through a fetcher), not with the screen.
import { ImageUp } from 'lucide-react'
import { useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import type { MediaFile } from '~/entities/media-file'
import { useImageTransformations } from '~/lib/image-transformations'
import { fixedImage } from '~/lib/responsive-image'
import { ImageFileInput } from '../../components/image-file-input'
import { buttonSecondary, input } from '../../components/styles'
import { matches } from '../../lib/text'

/** The media library's route: its loader lists the bucket's files. */
const MEDIA_ROUTE = '/admin/media'

export interface MediaLibrary {
  /** The library's images; null until it has been read. */
  files: MediaFile[] | null
  loading: boolean
  /** Reads the library (again): call it when the picker opens. */
  load: () => void
}

export function useMediaLibrary(): MediaLibrary {
  const fetcher = useFetcher<{ files: MediaFile[] }>()
  return {
    files: fetcher.data?.files.filter(isImage) ?? null,
    loading: fetcher.state !== 'idle',
    load: () => void fetcher.load(MEDIA_ROUTE),
  }
}

function isImage(file: MediaFile): boolean {
  return file.mimetype === null || file.mimetype.startsWith('image/')
}

export interface MediaPickerProps {
  library: MediaLibrary
  onChoose: (url: string) => void
  /** Uploads a file and resolves with its address, or null when it was refused (the toast says why). */
  upload: (file: File) => Promise<string | null>
  uploading: boolean
}

export function MediaPicker({ library, onChoose, upload, uploading }: MediaPickerProps) {
  const transform = useImageTransformations()
  const [query, setQuery] = useState('')
  const file = useRef<HTMLInputElement>(null)
  const files = (library.files ?? []).filter((f) => matches(query, f.path))

  const uploadChosen = async (chosen: File) => {
    const url = await upload(chosen)
    if (file.current) file.current.value = ''
    if (url) onChoose(url)
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <ImageFileInput ref={file} onChosen={(chosen) => void uploadChosen(chosen)} />
        <button type="button" className={buttonSecondary} disabled={uploading} onClick={() => file.current?.click()}>
          <ImageUp aria-hidden className="size-4" /> {uploading ? 'Uploading...' : 'Upload an image'}
        </button>
        <input
          className={`${input} w-auto min-w-40 flex-1`}
          type="search"
          aria-label="Search the library"
          placeholder="Search the library..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {library.files === null ? (
        <p className="text-sm text-slate-600" role="status">
          Loading the library...
        </p>
      ) : files.length === 0 ? (
        <p className="text-sm text-slate-600">No images in the library{query ? ' match the search' : ''}.</p>
      ) : (
        <ul aria-label="Media library" className="grid max-h-80 grid-cols-2 gap-2 overflow-y-auto sm:grid-cols-4">
          {files.map((media) => (
            <li key={media.path}>
              <button
                type="button"
                aria-label={`Choose ${media.path}`}
                className="grid w-full gap-1 rounded border border-slate-200 p-1 text-left text-xs text-slate-700 hover:border-brand-primary focus-visible:outline-2 focus-visible:outline-brand-primary"
                onClick={() => onChoose(media.publicUrl)}
              >
                <img
                  {...fixedImage(media.publicUrl, { width: 160, height: 96 }, transform)}
                  alt=""
                  width={160}
                  height={96}
                  loading="lazy"
                  className="h-24 w-full rounded bg-slate-100 object-cover"
                />
                <span className="truncate">{media.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
