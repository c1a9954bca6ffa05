// "Image": pick an image from the media library or upload one, then describe it (alt text, or an
// explicit "decorative"), with an optional caption. The image goes in with its own width and height,
// so the page keeps its place while it loads.
import { useId, useState, type FormEvent } from 'react'
import { Dialog } from '~/components/ui/dialog'
import { MediaPicker, type MediaLibrary } from '../media/components/media-picker'
import { buttonPrimary, buttonSecondary, checkbox, input } from '../components/styles'

export const ALT_REQUIRED = 'Describe the image for people who cannot see it, or mark it decorative'

export interface ChosenImage {
  src: string
  alt: string
  width: number | null
  height: number | null
  caption: string
}

/** The image's own size, read by loading it; null when it does not load. */
function naturalSize(src: string): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const image = new Image()
    image.onload = () => resolve(image.naturalWidth > 0 ? { width: image.naturalWidth, height: image.naturalHeight } : null)
    image.onerror = () => resolve(null)
    image.src = src
  })
}

export interface ImageDialogProps {
  /** An image already uploaded (pasted or dropped): the dialog only asks for its description. */
  src: string | null
  /** The media library, read by whoever opened the dialog to choose from it. */
  library: MediaLibrary
  /** The description the image came with (a Word picture's alt text), to start from. */
  alt?: string
  /** Said under the title while more pasted images wait for their turn. */
  progress?: string
  onClose: () => void
  onInsert: (image: ChosenImage) => void
  upload: (file: File) => Promise<string | null>
  uploading: boolean
}

export function ImageDialog({ src: given, library, alt: givenAlt = '', progress, onClose, onInsert, upload, uploading }: ImageDialogProps) {
  const [src, setSrc] = useState<string | null>(given)
  const [alt, setAlt] = useState(givenAlt)
  const [decorative, setDecorative] = useState(false)
  const [caption, setCaption] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [inserting, setInserting] = useState(false)
  const id = useId()

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    // This form is rendered inside the post's form in React's tree: its submit must not save the post.
    event.stopPropagation()
    if (!src) return
    if (!decorative && alt.trim() === '') {
      setError(ALT_REQUIRED)
      return
    }
    setInserting(true)
    const size = await naturalSize(src)
    setInserting(false)
    onInsert({ src, alt: decorative ? '' : alt.trim(), width: size?.width ?? null, height: size?.height ?? null, caption: caption.trim() })
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={src ? 'Describe the image' : 'Insert an image'} widthClass="max-w-2xl">
      {src ? (
        <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
          {progress ? <p className="text-sm text-slate-600">{progress}</p> : null}
          <img src={src} alt="" className="max-h-48 w-auto justify-self-start rounded border border-slate-200 object-contain" />
          <div className="grid gap-1">
            <label htmlFor={`${id}-alt`} className="text-sm font-medium text-slate-800">
              Alt text
            </label>
            <input
              id={`${id}-alt`}
              className={input}
              value={alt}
              disabled={decorative}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${id}-alt-hint${error ? ` ${id}-alt-error` : ''}`}
              onChange={(event) => {
                setAlt(event.target.value)
                setError(null)
              }}
            />
            <p id={`${id}-alt-hint`} className="text-xs text-slate-500">
              What the image shows, for people who cannot see it
            </p>
            {error ? (
              <p id={`${id}-alt-error`} className="text-xs text-red-700">
                {error}
              </p>
            ) : null}
          </div>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              className={checkbox}
              checked={decorative}
              onChange={(event) => {
                setDecorative(event.target.checked)
                setError(null)
              }}
            />
            Decorative (screen readers skip it)
          </label>
          <div className="grid gap-1">
            <label htmlFor={`${id}-caption`} className="text-sm font-medium text-slate-800">
              Caption (optional)
            </label>
            <input id={`${id}-caption`} className={input} value={caption} onChange={(event) => setCaption(event.target.value)} />
          </div>
          <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
            {given ? null : (
              <button type="button" className={buttonSecondary} onClick={() => setSrc(null)}>
                Back
              </button>
            )}
            <button type="submit" className={buttonPrimary} disabled={inserting}>
              Insert image
            </button>
          </div>
        </form>
      ) : (
        <MediaPicker library={library} onChoose={setSrc} upload={upload} uploading={uploading} />
      )}
    </Dialog>
  )
}
