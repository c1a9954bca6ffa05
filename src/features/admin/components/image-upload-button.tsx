// "Upload" next to an image URL field: sends the file to the media bucket and hands back its URL.
import { ImageUp } from 'lucide-react'
import { useRef, useState } from 'react'
import { buttonSecondary } from './styles'
import { adminDb } from '../lib/admin-db'
import { notifyError, notifySuccess } from '../lib/notify'
import { ImageRejected, uploadMedia } from '../lib/upload-media'
import { ImageFileInput } from './image-file-input'

export function ImageUploadButton({ folder, label, onUploaded }: { folder: string; label: string; onUploaded: (url: string) => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)

  const upload = async (file: File) => {
    setBusy(true)
    try {
      onUploaded(await uploadMedia(await adminDb(), file, folder))
      notifySuccess('Image uploaded successfully')
    } catch (error) {
      notifyError(error instanceof ImageRejected ? error.message : 'Failed to upload image', error)
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
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
