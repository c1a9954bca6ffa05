// A rich-text field (a post's Content, a job's Description): two tabs on one value, "Visual" (the
// default: a word-processor-like editor, loaded as its own chunk when the field is first shown)
// and "HTML" (the markup itself), with the keyboard shortcuts a popover away.
import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react'
import { ShortcutsHelp } from '../../rich-text/shortcuts-help'
import { HtmlEditor, type HtmlEditorProps } from './html-editor'

const VisualEditor = lazy(() => import('../../rich-text/visual-editor'))

export type ContentMode = 'visual' | 'html'
const MODES: { mode: ContentMode; label: string }[] = [
  { mode: 'visual', label: 'Visual' },
  { mode: 'html', label: 'HTML' },
]

export interface ContentEditorProps extends HtmlEditorProps {
  /** The field's name, which the Visual tab's editing area carries as its accessible name. */
  label?: string
  /** The Storage folder the Visual tab's pasted, dropped and picked uploads go to. */
  folder?: string
  /** The tab shown, when the form keeps it (so it survives a look at a preview). */
  mode?: ContentMode
  onModeChange?: (mode: ContentMode) => void
}

export function ContentEditor({ label = 'Content', folder = 'blog', mode: keptMode, onModeChange, ...props }: ContentEditorProps) {
  const [ownMode, setOwnMode] = useState<ContentMode>('visual')
  const mode = keptMode ?? ownMode
  const setMode = (next: ContentMode) => {
    setOwnMode(next)
    onModeChange?.(next)
  }
  const tabs = useRef<(HTMLButtonElement | null)[]>([])
  const id = useId()

  // The tabs pattern: arrow keys move between the tabs and show the one they land on.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
    event.preventDefault()
    const next = MODES[(MODES.findIndex((m) => m.mode === mode) + 1) % MODES.length]!
    setMode(next.mode)
    tabs.current[MODES.indexOf(next)]?.focus()
  }

  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <div role="tablist" aria-label="Visual or HTML" className="flex gap-1 text-sm" onKeyDown={onKeyDown}>
          {MODES.map(({ mode: tab, label }, index) => (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[index] = element
              }}
              type="button"
              role="tab"
              id={`${id}-${tab}`}
              aria-selected={mode === tab}
              aria-controls={`${id}-panel`}
              tabIndex={mode === tab ? 0 : -1}
              onClick={() => setMode(tab)}
              className={`rounded-md px-3 py-1 focus-visible:outline-2 focus-visible:outline-brand-primary ${mode === tab ? 'bg-slate-800 text-white' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              {label}
            </button>
          ))}
        </div>
        <ShortcutsHelp />
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${mode}`}>
        {mode === 'html' ? (
          <HtmlEditor {...props} />
        ) : (
          <Suspense fallback={<p className="rounded-md border border-slate-300 p-3 text-sm text-slate-600">Loading the editor...</p>}>
            <VisualEditor
              value={props.value}
              onChange={props.onChange}
              onBlur={props.onBlur}
              label={label}
              folder={folder}
              aria-invalid={props['aria-invalid']}
              aria-describedby={props['aria-describedby']}
            />
          </Suspense>
        )}
      </div>
    </div>
  )
}
