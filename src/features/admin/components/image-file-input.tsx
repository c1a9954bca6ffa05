// The hidden file input behind an upload button: the button opens it (through `ref`), and the file
// chosen goes to `onChosen`. Out of the tab order: the button is what keyboard users reach.
import type { Ref } from 'react'

export interface ImageFileInputProps {
  ref: Ref<HTMLInputElement>
  onChosen: (file: File) => void
  accept?: string
  label?: string
}

export function ImageFileInput({ ref, onChosen, accept = 'image/*', label = 'Image file' }: ImageFileInputProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      className="sr-only"
      tabIndex={-1}
      aria-label={label}
      onChange={(event) => {
        const chosen = event.target.files?.[0]
        if (chosen) onChosen(chosen)
      }}
    />
  )
}
