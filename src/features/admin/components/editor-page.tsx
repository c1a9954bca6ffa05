// The page of an item with long text (a post, a solution, a job opening), content first: the title
// and the text in a calm column of reading width, the settings in a side panel (on a phone, a
// sheet opened by "<Noun> settings"), and the save button always in reach: at the top of the
// panel on a wide screen, in a bar along the bottom on a phone. Ctrl/⌘+S saves. In the document
// the writing comes first, then the save button, then the settings: the order Tab follows.
import { ArrowLeft } from 'lucide-react'
import { useEffect, useId, useRef, type FormEventHandler, type ReactNode } from 'react'
import { Link } from 'react-router'
import { Dialog } from '~/components/ui/dialog'
import { useMediaQuery, WIDE_SCREEN } from '../lib/use-media-query'
import { buttonPrimary, buttonSecondary } from './styles'

export interface SettingsSheet {
  open: boolean
  setOpen: (open: boolean) => void
}

export interface EditorPageProps {
  /** The list the item belongs to, as it was left (its search and filters kept). */
  back: { to: string; label: string }
  heading: string
  /** Under the heading: what the autosave did, the length of the text. */
  status?: ReactNode
  /** Notices above the text (a restored draft, a conflict). */
  notices?: ReactNode
  /** The writing column: the title, then the text. */
  children: ReactNode
  settingsTitle: string
  settings: ReactNode
  /** The settings sheet on a phone; the editor opens it when a setting breaks a rule. */
  sheet: SettingsSheet
  /** Buttons beside the save button (e.g. Preview). */
  tools?: ReactNode
  submitLabel: string
  busyLabel: string
  busy: boolean
  onSubmit: FormEventHandler<HTMLFormElement>
}

export function EditorPage({
  back,
  heading,
  status,
  notices,
  children,
  settingsTitle,
  settings,
  sheet,
  tools,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
}: EditorPageProps) {
  const id = useId()
  const wide = useMediaQuery(WIDE_SCREEN)
  const form = useRef<HTMLFormElement>(null)
  const saving = useRef(busy)
  useEffect(() => {
    saving.current = busy
  })

  // Ctrl/⌘+S saves, wherever focus is, instead of the browser's "Save page".
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 's') return
      event.preventDefault()
      if (!saving.current) form.current?.requestSubmit()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <Link
        to={back.to}
        className="mb-3 inline-flex items-center gap-1 rounded text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-primary"
      >
        <ArrowLeft aria-hidden className="size-4" /> {back.label}
      </Link>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start xl:gap-10">
        <div className="mx-auto grid w-full max-w-[44rem] content-start gap-5 pb-24 lg:pb-0">
          <div className="grid gap-1">
            <h1 id={`${id}-heading`} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
              {heading}
            </h1>
            {status}
          </div>
          {notices}
          {children}
        </div>
        <div className="lg:sticky lg:top-18 lg:max-h-[calc(100vh-5.5rem)] lg:overflow-y-auto lg:pb-4">
          <div className="fixed inset-x-0 bottom-0 z-20 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur md:left-64 lg:static lg:mb-4 lg:border-0 lg:bg-transparent lg:p-0 lg:backdrop-blur-none">
            {wide ? null : (
              <button type="button" className={`${buttonSecondary} mr-auto`} aria-haspopup="dialog" onClick={() => sheet.setOpen(true)}>
                {settingsTitle}
              </button>
            )}
            {tools}
            <button type="submit" className={`${buttonPrimary} lg:flex-1`} disabled={busy}>
              {busy ? busyLabel : submitLabel}
            </button>
          </div>
          {wide ? (
            <section aria-labelledby={`${id}-settings`} className="grid gap-5 rounded-lg border border-slate-200 bg-white p-4">
              <h2 id={`${id}-settings`} className="text-sm font-semibold text-slate-900">
                {settingsTitle}
              </h2>
              {settings}
            </section>
          ) : (
            <Dialog open={sheet.open} onOpenChange={sheet.setOpen} title={settingsTitle} placement="sheet" widthClass="max-w-md">
              <div className="grid gap-5">{settings}</div>
            </Dialog>
          )}
        </div>
      </div>
    </form>
  )
}

/** A group of settings in the panel, under its own heading (none when its fields have a legend of their own). */
export function SettingsSection({ title, children }: { title?: string; children: ReactNode }) {
  const id = useId()
  const rule = 'grid gap-3 border-t border-slate-100 pt-4 first-of-type:border-0 first-of-type:pt-0'
  if (!title) return <div className={rule}>{children}</div>
  return (
    <section aria-labelledby={id} className={rule}>
      <h3 id={id} className="text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {title}
      </h3>
      {children}
    </section>
  )
}
