// The visual editor of a rich-text field (its own chunk, loaded only where a form shows it): a
// toolbar, the editing area, the link form and the image dialog. Its value is HTML in the schema
// of ./extensions, the sanitizer's allow-list; an empty document is the empty string.
import type { Editor } from '@tiptap/core'
import { TextSelection } from '@tiptap/pm/state'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import {
  Bold,
  Code,
  Columns3,
  Heading2,
  Heading3,
  Heading4,
  Image,
  Italic,
  Link,
  List,
  ListOrdered,
  Minus,
  Quote,
  Redo2,
  Rows3,
  SquareCode,
  Strikethrough,
  Table,
  Trash2,
  Underline,
  Undo2,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { useImageUpload } from '../lib/use-image-upload'
import { useMediaLibrary } from '../media/components/media-picker'
import { richTextExtensions } from './extensions'
import { ImageDialog, type ChosenImage } from './image-dialog'
import { LinkForm } from './link-form'
import { cleanPastedDocument, cleanPastedHtml, pastedPictures, type PastedPicture } from './paste'
import { shortcutOf } from './shortcuts'
import { Toolbar, type ToolbarButton } from './toolbar'

export interface VisualEditorProps {
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  /** The accessible name of the editing area. */
  label: string
  /** The Storage folder uploads go to. */
  folder: string
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}

/**
 * The image files a paste or drop carries when it is an image (a screenshot, a copied picture, a
 * file): a copy from a document carries its text too (Word adds a picture of the selection), and
 * is pasted as the document.
 */
function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data || data.getData('text/plain').trim() !== '') return []
  return [...data.files].filter((file) => file.type.startsWith('image/'))
}

function insertImage(editor: Editor, image: ChosenImage): void {
  const attrs = { src: image.src, alt: image.alt, width: image.width, height: image.height }
  const node = image.caption
    ? {
        type: 'figure',
        content: [
          { type: 'image', attrs },
          { type: 'figcaption', content: [{ type: 'text', text: image.caption }] },
        ],
      }
    : { type: 'image', attrs }
  editor.chain().focus().insertContent(node).run()
}

/** How many reported changes may wait for the form to hand them back (typing outruns rendering). */
const MAX_UNACKNOWLEDGED = 100

/** An uploaded image waiting for its description; `done` gets the described image, or null. */
interface Undescribed {
  id: number
  src: string
  alt: string
  done: (image: ChosenImage | null) => void
}

export default function VisualEditor({ value, onChange, onBlur, label, folder, ...aria }: VisualEditorProps) {
  const [linkOpen, setLinkOpen] = useState(false)
  const [pickerOpen, setPickerOpen] = useState(false)
  // Pasted or dropped images, uploaded, each waiting in turn for its description.
  const [undescribed, setUndescribed] = useState<Undescribed[]>([])
  const described = useRef(0)
  const images = useImageUpload()
  const library = useMediaLibrary()
  // What the editor holds, and what it reported that the form has not handed back yet. The form
  // hands each change back a render later, and typing can land in between: a value among these is
  // the editor's own change coming back late, never one from outside (the HTML tab, a reset).
  const shown = useRef(value)
  const unacknowledged = useRef<string[]>([])
  // The editor is created once; what its handlers call is kept current here.
  const latest = useRef({ onChange, onBlur, upload: images.upload })
  useEffect(() => {
    latest.current = { onChange, onBlur, upload: images.upload }
  })

  const editorRef = useRef<Editor | null>(null)

  /**
   * Uploads images one after another (the upload route takes one at a time), then asks for each
   * one's description in turn. Resolves with each image as described, or null (refused, cancelled).
   */
  const uploadAndDescribe = async (files: { file: File; alt: string }[]): Promise<(ChosenImage | null)[]> => {
    const uploaded: ({ src: string; alt: string } | null)[] = []
    for (const { file, alt } of files) {
      const src = await latest.current.upload(file, folder)
      uploaded.push(src ? { src, alt } : null)
    }
    return Promise.all(
      uploaded.map((image) =>
        image
          ? new Promise<ChosenImage | null>((done) => setUndescribed((queue) => [...queue, { id: ++described.current, ...image, done }]))
          : Promise.resolve(null),
      ),
    )
  }

  /** Pasted or dropped image files: each is uploaded and described, then they go in, in order. */
  const pasteImages = async (files: File[]) => {
    const chosen = await uploadAndDescribe(files.map((file) => ({ file, alt: '' })))
    for (const image of chosen) if (image && editorRef.current) insertImage(editorRef.current, image)
  }

  /** A Word copy with pictures: they are uploaded and described, then the document goes in with them. */
  const pasteDocument = async (html: string, pictures: PastedPicture[]) => {
    const chosen = await uploadAndDescribe(pictures.map(({ file, alt }) => ({ file, alt })))
    const placed = new Map(pictures.map(({ index }, i) => [index, chosen[i] ?? null]))
    // White space between the copy's elements is layout, as in a paste, not text to keep.
    editorRef.current
      ?.chain()
      .focus()
      .insertContent(cleanPastedDocument(html, placed), { parseOptions: { preserveWhitespace: false } })
      .run()
  }

  const editor = useEditor({
    extensions: richTextExtensions({ onLinkShortcut: () => setLinkOpen(true) }),
    content: value,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        ...(aria['aria-describedby'] ? { 'aria-describedby': aria['aria-describedby'] } : {}),
        ...(aria['aria-invalid'] ? { 'aria-invalid': 'true' } : {}),
        class: 'prose-content min-h-96 rounded-b-md border border-slate-300 bg-white px-4 py-3 text-slate-900 focus:outline-2 focus:outline-brand-primary',
      },
      transformPastedHTML: (html) => cleanPastedHtml(html),
      handlePaste: (_view, event) => {
        const data = event.clipboardData
        const files = imageFilesOf(data)
        if (files.length > 0) {
          event.preventDefault()
          void pasteImages(files)
          return true
        }
        // Word's images point at local files; their pictures travel in the RTF beside the HTML.
        const html = data?.getData('text/html') ?? ''
        const pictures = html ? pastedPictures(html, data?.getData('text/rtf') ?? '') : []
        if (pictures.length === 0) return false
        event.preventDefault()
        void pasteDocument(html, pictures)
        return true
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = moved ? [] : imageFilesOf(event.dataTransfer)
        if (files.length === 0) return false
        event.preventDefault()
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })
        if (at) view.dispatch(view.state.tr.setSelection(TextSelection.near(view.state.doc.resolve(at.pos))))
        void pasteImages(files)
        return true
      },
    },
    onUpdate: ({ editor: current }) => {
      const html = current.isEmpty ? '' : current.getHTML()
      shown.current = html
      unacknowledged.current.push(html)
      if (unacknowledged.current.length > MAX_UNACKNOWLEDGED) unacknowledged.current.shift()
      latest.current.onChange(html)
    },
    onBlur: () => latest.current.onBlur?.(),
  })

  useEffect(() => {
    editorRef.current = editor
  }, [editor])

  useEffect(() => {
    if (!editor) return
    if (value === shown.current) {
      unacknowledged.current = []
      return
    }
    const echo = unacknowledged.current.indexOf(value)
    if (echo !== -1) {
      unacknowledged.current.splice(0, echo + 1)
      return
    }
    shown.current = value
    unacknowledged.current = []
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            code: e.isActive('code'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            h4: e.isActive('heading', { level: 4 }),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            codeBlock: e.isActive('codeBlock'),
            link: e.isActive('link'),
            table: e.isActive('table'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  })

  if (!editor || !state) return null
  const withShortcuts = (group: ToolbarButton[]) => group.map((button) => ({ ...button, shortcut: shortcutOf(button.label) }))
  const current = undescribed[0]
  const describe = (image: ChosenImage | null) => {
    current?.done(image)
    setUndescribed((queue) => queue.slice(1))
    if (undescribed.length <= 1) editor.commands.focus()
  }
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => command(editor.chain().focus()).run()

  const groups: ToolbarButton[][] = [
    [
      { label: 'Bold', icon: Bold, pressed: state.bold, run: run((c) => c.toggleBold()) },
      { label: 'Italic', icon: Italic, pressed: state.italic, run: run((c) => c.toggleItalic()) },
      { label: 'Underline', icon: Underline, pressed: state.underline, run: run((c) => c.toggleUnderline()) },
      { label: 'Strikethrough', icon: Strikethrough, pressed: state.strike, run: run((c) => c.toggleStrike()) },
      { label: 'Inline code', icon: Code, pressed: state.code, run: run((c) => c.toggleCode()) },
    ],
    [
      { label: 'Heading 2', icon: Heading2, pressed: state.h2, run: run((c) => c.toggleHeading({ level: 2 })) },
      { label: 'Heading 3', icon: Heading3, pressed: state.h3, run: run((c) => c.toggleHeading({ level: 3 })) },
      { label: 'Heading 4', icon: Heading4, pressed: state.h4, run: run((c) => c.toggleHeading({ level: 4 })) },
      { label: 'Bulleted list', icon: List, pressed: state.bulletList, run: run((c) => c.toggleBulletList()) },
      { label: 'Numbered list', icon: ListOrdered, pressed: state.orderedList, run: run((c) => c.toggleOrderedList()) },
      { label: 'Quote', icon: Quote, pressed: state.blockquote, run: run((c) => c.toggleBlockquote()) },
      { label: 'Code block', icon: SquareCode, pressed: state.codeBlock, run: run((c) => c.toggleCodeBlock()) },
      { label: 'Horizontal rule', icon: Minus, run: run((c) => c.setHorizontalRule()) },
    ],
    [
      { label: 'Link', icon: Link, pressed: state.link, run: () => setLinkOpen(true) },
      {
        label: 'Image',
        icon: Image,
        run: () => {
          setPickerOpen(true)
          library.load()
        },
      },
      { label: 'Table', icon: Table, pressed: state.table, run: run((c) => c.insertTable({ rows: 3, cols: 3, withHeaderRow: true })) },
    ],
    ...(state.table
      ? [
          [
            { label: 'Add row', icon: Rows3, run: run((c) => c.addRowAfter()) },
            { label: 'Add column', icon: Columns3, run: run((c) => c.addColumnAfter()) },
            { label: 'Delete row', icon: Trash2, run: run((c) => c.deleteRow()) },
            { label: 'Delete column', icon: Trash2, run: run((c) => c.deleteColumn()) },
            { label: 'Delete table', icon: Trash2, run: run((c) => c.deleteTable()) },
          ],
        ]
      : []),
    [
      { label: 'Undo', icon: Undo2, disabled: !state.canUndo, run: run((c) => c.undo()) },
      { label: 'Redo', icon: Redo2, disabled: !state.canRedo, run: run((c) => c.redo()) },
    ],
  ]

  return (
    <div className="grid">
      <Toolbar label="Formatting" groups={groups.map(withShortcuts)} />
      {linkOpen ? <LinkForm editor={editor} onClose={() => setLinkOpen(false)} /> : null}
      <EditorContent editor={editor} />
      <p aria-live="polite" className="sr-only">
        {images.busy ? 'Uploading the image...' : ''}
      </p>
      {pickerOpen ? (
        <ImageDialog
          src={null}
          library={library}
          upload={(file) => images.upload(file, folder)}
          uploading={images.busy}
          onClose={() => {
            setPickerOpen(false)
            editor.commands.focus()
          }}
          onInsert={(image) => {
            setPickerOpen(false)
            insertImage(editor, image)
          }}
        />
      ) : null}
      {current ? (
        <ImageDialog
          key={current.id}
          src={current.src}
          library={library}
          alt={current.alt}
          progress={undescribed.length > 1 ? `${undescribed.length - 1} more pasted ${undescribed.length > 2 ? 'images' : 'image'} after this one` : undefined}
          upload={(file) => images.upload(file, folder)}
          uploading={images.busy}
          onClose={() => describe(null)}
          onInsert={(image) => describe(image)}
        />
      ) : null}
    </div>
  )
}
