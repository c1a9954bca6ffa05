// "Upload" next to an image URL field: sends the file to the media bucket and hands back its URL.
import { ImageUp } from 'lucide-react'
import { useRef } from 'react'
import { buttonSecondary } from './styles'
import { useImageUpload } from '../lib/use-image-upload'
import { ImageFileInput } from './image-file-input'

export function ImageUploadButton({ folder, label, onUploaded }: { folder: string; label: string; onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const { upload: send, busy } = useImageUpload()

  const upload = async (file: File) => {
    const url = await send(file, folder)
    if (input.current) input.current.value = ''
    if (url) onUploaded(url)
  }

  return (
    <>
      <ImageFileInput ref={input} label={label} onChosen={(chosen) => void upload(chosen)} />
      <button type="button" className={buttonSecondary} disabled={busy} onClick={() => input.current?.click()}>
        <ImageUp aria-hidden className="size-4" /> {busy ? 'Uploading...' : 'Upload'}
      </button>
    </>
  )
}
