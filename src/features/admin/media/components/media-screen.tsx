// The Media screen: the images of the media bucket with their folder, size, date and where each is
// used; upload, rename or move (every item that shows the image follows), and delete.
import { FolderInput, ImageUp, Link2, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import { useConfirm } from '~/components/ui/confirm-dialog'
import { describeUse, mediaMessages as m, mediaPlaceSchema, type MediaFile, type MediaPlaceInput } from '~/entities/media-file'
import { useImageTransformations } from '~/lib/image-transformations'
import { fixedImage } from '~/lib/responsive-image'
import { EmptyState } from '../../components/empty-state'
import { Field } from '../../components/field'
import { FormDialog } from '../../components/form-dialog'
import { PageHeader } from '../../components/page-header'
import { SearchBox } from '../../components/search-box'
import { buttonPrimary, buttonSecondary, card, iconButton, iconButtonDanger, input } from '../../components/styles'
import { notifyError } from '../../lib/notify'
import { matches } from '../../lib/text'
import { useFormatTime } from '../../lib/time-zone'
import { fieldErrorsOf, type FieldErrors } from '~/entities/limits'
import { copyToClipboard } from '../../lib/clipboard'
import { useAdminAction } from '../../lib/use-admin-action'
import { useUrlFilters } from '../../lib/use-url-filters'
import { ImageFileInput } from '../../components/image-file-input'

const USE_FILTERS = [
  { value: '', label: 'All images' },
  { value: 'used', label: 'In use' },
  { value: 'unused', label: 'Not used' },
]

function size(bytes: number | null): string {
  if (bytes === null) return '—'
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
}

function Upload({ folders, folder: initialFolder }: { folders: string[]; folder: string }) {
  const action = useAdminAction()
  const file = useRef<HTMLInputElement>(null)
  const [folder, setFolder] = useState(initialFolder || 'uploads')
  const listId = useId()
  const upload = async (chosen: File) => {
    const form = new FormData()
    form.set('file', chosen)
    form.set('folder', folder)
    await action.submit(form)
    if (file.current) file.current.value = ''
  }
  return (
    <div className="flex flex-wrap items-end gap-2">
      <Field label="Upload to folder" className="w-44">
        <input className={input} list={listId} value={folder} onChange={(event) => setFolder(event.target.value)} />
      </Field>
      <datalist id={listId}>
        {folders.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <ImageFileInput ref={file} accept="image/png,image/jpeg,image/gif,image/webp" onChosen={(chosen) => void upload(chosen)} />
      <button type="button" className={buttonPrimary} disabled={action.busy} onClick={() => file.current?.click()}>
        <ImageUp aria-hidden className="size-4" /> {action.busy ? 'Uploading...' : 'Upload Image'}
      </button>
    </div>
  )
}

function MoveDialog({ file, folders, onClose }: { file: MediaFile; folders: string[]; onClose: () => void }) {
  const action = useAdminAction()
  const [values, setValues] = useState<MediaPlaceInput>({ folder: file.folder, name: file.name })
  const [errors, setErrors] = useState<FieldErrors>({})
  const listId = useId()
  const submit = async () => {
    const parsed = mediaPlaceSchema.safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error))
      return
    }
    setErrors({})
    const result = await action.submit({ intent: 'move', path: file.path, values: parsed.data })
    if (result.ok) onClose()
    else if (result.fieldErrors) setErrors(result.fieldErrors)
  }
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Rename or move image"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
      busy={action.busy}
      submitLabel="Save"
      busyLabel="Saving..."
    >
      <p className="text-sm text-slate-600">
        {file.uses.length > 0
          ? `Used by ${file.uses.length === 1 ? 'one item' : `${file.uses.length} items`}: each will show the image at its new address.`
          : 'No item uses this image yet.'}
      </p>
      <Field label="Folder" error={errors.folder} hint="Empty for the top level; nest folders with /">
        <input className={input} list={listId} value={values.folder} onChange={(event) => setValues({ ...values, folder: event.target.value })} />
      </Field>
      <datalist id={listId}>
        {folders.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Field label="File name" error={errors.name}>
        <input className={input} value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
      </Field>
    </FormDialog>
  )
}

export function MediaScreen({ files }: { files: MediaFile[] }) {
  const action = useAdminAction()
  const { confirm, element: confirmDialog } = useConfirm()
  const filters = useUrlFilters({ q: '', folder: '', use: '' })
  const [moving, setMoving] = useState<MediaFile | null>(null)
  const transform = useImageTransformations()
  const formatTime = useFormatTime()
  const folders = [...new Set(files.map((file) => file.folder))].sort()
  const shown = files.filter(
    (file) =>
      matches(filters.values.q, file.path, ...file.uses.map(describeUse)) &&
      (filters.values.folder === '' || file.folder === filters.values.folder) &&
      (filters.values.use === '' || (filters.values.use === 'used') === file.uses.length > 0),
  )

  const remove = async (file: MediaFile) => {
    if (file.uses.length > 0) {
      notifyError(m.inUse(file.uses))
      return
    }
    if (await confirm(m.confirmDelete, { title: `Delete ${file.name}?` })) await action.submit({ intent: 'delete', path: file.path })
  }
  const copy = async (file: MediaFile) => {
    await copyToClipboard(file.publicUrl, 'Image address copied', 'Failed to copy the image address')
  }

  return (
    <div>
      <PageHeader
        title="Media"
        subtitle="The images the website shows: rename or move one and every page follows"
        action={<Upload folders={folders} folder={filters.values.folder} />}
      />
      <div className="mb-4 flex flex-wrap items-start gap-3">
        <SearchBox value={filters.values.q} onChange={(q) => filters.set({ q })} placeholder="Search images..." />
        <select
          aria-label="Folder"
          className={`${input} w-auto`}
          value={filters.values.folder}
          onChange={(event) => filters.set({ folder: event.target.value })}
        >
          <option value="">All folders</option>
          {folders.map((folder) => (
            <option key={folder} value={folder}>
              {folder || '(top level)'}
            </option>
          ))}
        </select>
        <select aria-label="Use" className={`${input} w-auto`} value={filters.values.use} onChange={(event) => filters.set({ use: event.target.value })}>
          {USE_FILTERS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {shown.length === 0 ? (
        <EmptyState title={m.empty}>
          {files.length > 0 ? (
            <button type="button" className={buttonSecondary} onClick={filters.clear}>
              Clear filters
            </button>
          ) : (
            'Upload an image to start the library.'
          )}
        </EmptyState>
      ) : (
        <ul className="grid gap-2" aria-label="Images">
          {shown.map((file) => (
            <li key={file.path} className={`${card} flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap`}>
              <img
                {...fixedImage(file.publicUrl, { width: 48, height: 48 }, transform)}
                alt=""
                width={48}
                height={48}
                loading="lazy"
                className="size-12 shrink-0 rounded bg-slate-100 object-cover"
              />
              <div className="min-w-0 flex-1">
                <h2 className="truncate text-sm font-medium text-slate-900">{file.name}</h2>
                <p className="text-xs text-slate-600">
                  {file.folder || '(top level)'} · {size(file.size)} · {formatTime(file.createdAt, 'date')}
                </p>
                <p className="truncate text-xs text-slate-600">{file.uses.length > 0 ? `Used by ${file.uses.map(describeUse).join(', ')}` : 'Not used'}</p>
              </div>
              <div className="flex shrink-0 gap-1">
                <button type="button" className={iconButton} aria-label={`Copy the address of ${file.name}`} onClick={() => void copy(file)}>
                  <Link2 aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButton} aria-label={`Rename or move ${file.name}`} onClick={() => setMoving(file)}>
                  <FolderInput aria-hidden className="size-4" />
                </button>
                <button type="button" className={iconButtonDanger} aria-label={`Delete ${file.name}`} onClick={() => void remove(file)}>
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {moving ? <MoveDialog key={moving.path} file={moving} folders={folders} onClose={() => setMoving(null)} /> : null}
      {confirmDialog}
    </div>
  )
}
