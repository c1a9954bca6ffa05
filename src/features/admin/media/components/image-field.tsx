// An image field of an editor (a post's featured image, its author's picture): a thumbnail, the
// media library's picker to choose or upload the image, and "Use a URL" for an address typed by
// hand, which the field's rule checks as before. The form field holds the image's address.
import { ImageOff, Link2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form'
import { Dialog } from '~/components/ui/dialog'
import { FieldNotes } from '../../components/field'
import { buttonSecondary, input } from '../../components/styles'
import { useImageUpload } from '../../lib/use-image-upload'
import { MediaPicker, useMediaLibrary } from './media-picker'

export interface ImageFieldProps<Input extends FieldValues> {
  control: Control<Input, unknown, FieldValues>
  name: Path<Input>
  /** The field's name as staff read it, e.g. 'Featured image'. */
  label: string
  /** The Storage folder an upload goes to. */
  folder: string
  /** How the thumbnail is cut: a wide picture, or a round portrait. */
  shape: 'wide' | 'round'
  /** An empty field is allowed: the image can be removed. */
  optional?: boolean
  hint?: string
}

export function ImageField<Input extends FieldValues>({ control, name, label, folder, shape, optional = false, hint }: ImageFieldProps<Input>) {
  const id = useId()
  const [choosing, setChoosing] = useState(false)
  const [typing, setTyping] = useState(false)
  const library = useMediaLibrary()
  const images = useImageUpload()

  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const value = typeof field.value === 'string' ? field.value : ''
        const error = fieldState.error?.message
        const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
        const choose = (url: string) => {
          field.onChange(url)
          setChoosing(false)
        }
        return (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
            <div className="flex items-center gap-3">
              {value ? (
                <img
                  src={value}
                  alt=""
                  className={`shrink-0 bg-slate-100 object-cover ${shape === 'round' ? 'size-14 rounded-full' : 'aspect-[1200/630] w-28 rounded-md'}`}
                />
              ) : (
                <div
                  className={`flex shrink-0 items-center justify-center border border-dashed border-slate-300 bg-slate-50 text-slate-500 ${
                    shape === 'round' ? 'size-14 rounded-full' : 'aspect-[1200/630] w-28 rounded-md'
                  }`}
                >
                  <ImageOff aria-hidden className="size-4" />
                  <span className="sr-only">No image</span>
                </div>
              )}
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  ref={field.ref}
                  className={buttonSecondary}
                  aria-describedby={describedBy}
                  onClick={() => {
                    setChoosing(true)
                    library.load()
                  }}
                >
                  Choose image
                </button>
                {optional && value ? (
                  <button type="button" className={buttonSecondary} onClick={() => field.onChange('')}>
                    Remove
                  </button>
                ) : null}
              </div>
            </div>
            <button
              type="button"
              aria-expanded={typing}
              aria-controls={`${id}-url`}
              className="inline-flex items-center gap-1 justify-self-start rounded text-xs font-medium text-slate-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-primary"
              onClick={() => setTyping((open) => !open)}
            >
              <Link2 aria-hidden className="size-3.5" /> Use a URL
            </button>
            <div id={`${id}-url`} hidden={!typing} className="grid gap-1">
              <label htmlFor={`${id}-input`} className="text-xs font-medium text-slate-700">
                {label} URL
              </label>
              <input
                id={`${id}-input`}
                className={input}
                placeholder="https://… or /images/…"
                value={value}
                onChange={(event) => field.onChange(event.target.value)}
                onBlur={field.onBlur}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
              />
            </div>
            <FieldNotes id={id} hint={hint} error={error} />
            {choosing ? (
              <Dialog open onOpenChange={setChoosing} title={`Choose the ${label.toLowerCase()}`} widthClass="max-w-2xl">
                <MediaPicker library={library} onChoose={choose} upload={(file) => images.upload(file, folder)} uploading={images.busy} />
              </Dialog>
            ) : null}
          </fieldset>
        )
      }}
    />
  )
}
