// The Content field's HTML tab: 15 rows of HTML with a toolbar that wraps the selection in tags,
// and an image upload that inserts the uploaded image's public URL at the cursor.
import { Bold, Code, Heading2, Heading3, ImageUp, Italic, List, Quote, type LucideIcon } from 'lucide-react'
import { useRef } from 'react'
import { iconButton, input } from '../../components/styles'
import { useImageUpload } from '../../lib/use-image-upload'
import { insertAt, TOOLBAR, wrapSelection, type Edit } from '../rules'
import { ImageFileInput } from '../../components/image-file-input'

const ICONS: Record<(typeof TOOLBAR)[number]['label'], LucideIcon> = {
  Bold,
  Italic,
  'Heading 2': Heading2,
  'Heading 3': Heading3,
  List,
  Quote,
  Code,
}

export interface HtmlEditorProps {
  id?: string
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
}

export function HtmlEditor({ id, value, onChange, onBlur, ...aria }: HtmlEditorProps) {
  const area = useRef<HTMLTextAreaElement>(null)
  const file = useRef<HTMLInputElement>(null)
  const images = useImageUpload()
  const uploading = images.busy

  const apply = (edit: Edit) => {
    onChange(edit.value)
    // After React has written the new value, put the selection back where the edit says.
    requestAnimationFrame(() => {
      area.current?.focus()
      area.current?.setSelectionRange(edit.selectionStart, edit.selectionEnd)
    })
  }

  const wrap = (before: string, after: string) => {
    const el = area.current
    if (!el) return
    apply(wrapSelection(value, el.selectionStart, el.selectionEnd, before, after))
  }

  const upload = async (image: File) => {
    const el = area.current
    const start = el?.selectionStart ?? value.length
    const end = el?.selectionEnd ?? value.length
    const url = await images.upload(image, 'blog')
    if (file.current) file.current.value = ''
    if (!url) return
    const alt = escapeAttribute(image.name.replace(/\.[^.]+$/, ''))
    apply(insertAt(value, start, end, `<img src="${escapeAttribute(url)}" alt="${alt}" />`))
  }

  return (
    <div className="grid gap-1">
      <div
        role="toolbar"
        aria-label="HTML formatting"
        className="sticky top-14 z-10 flex flex-wrap gap-0.5 rounded-t-md border border-b-0 border-slate-300 bg-slate-50 p-1"
      >
        {TOOLBAR.map((tool) => {
          const Icon = ICONS[tool.label]
          return (
            <button
              key={tool.label}
              type="button"
              className={iconButton}
              aria-label={tool.label}
              title={tool.label}
              onClick={() => wrap(tool.before, tool.after)}
            >
              <Icon aria-hidden className="size-4" />
            </button>
          )
        })}
        <button type="button" className={iconButton} aria-label="Upload image" title="Upload image" disabled={uploading} onClick={() => file.current?.click()}>
          <ImageUp aria-hidden className={`size-4 ${uploading ? 'motion-safe:animate-pulse' : ''}`} />
        </button>
        <ImageFileInput ref={file} onChosen={(chosen) => void upload(chosen)} />
      </div>
      <textarea
        id={id}
        ref={area}
        rows={15}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        {...aria}
        className={`${input} rounded-t-none font-mono text-[13px]`}
      />
    </div>
  )
}
