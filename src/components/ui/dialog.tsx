// The one dialog style: Radix Dialog (focus trapped inside, Escape closes, focus returns to the
// button that opened it, even when that button is not a Radix trigger), a title, an optional description, and a scrollable body on small screens.
// A sheet is the same dialog along the right edge, full height: an editor's settings on a phone.
import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import { useRef, type ReactNode } from 'react'

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
  /** Tailwind max-width class; forms use the default, the image pickers a wider one. */
  widthClass?: string
  /** Centred (the default), or a sheet along the right edge. */
  placement?: 'centre' | 'sheet'
}

const PLACEMENT = {
  centre: 'left-1/2 top-1/2 max-h-[92vh] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg border',
  sheet: 'inset-y-0 right-0 h-full w-[calc(100vw-2.5rem)] border-l',
}

export function Dialog({ open, onOpenChange, title, description, children, widthClass = 'max-w-lg', placement = 'centre' }: DialogProps) {
  const returnFocus = useReturnFocus()
  // Set when Radix itself closes the dialog on Escape (it is the topmost layer).
  const closedByEscape = useRef(false)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className={`fixed z-50 flex ${PLACEMENT[placement]} ${widthClass} flex-col border-slate-200 bg-white shadow-xl focus:outline-none`}
          {...returnFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onEscapeKeyDown={() => {
            closedByEscape.current = true
          }}
          onKeyDown={(event) => {
            // A toast shown after a save is the topmost layer and takes Escape for itself; Escape
            // pressed inside this dialog (not inside one opened from it) still closes it.
            const handled = closedByEscape.current
            closedByEscape.current = false
            if (event.key === 'Escape' && !handled && event.currentTarget.contains(event.target as Node)) onOpenChange(false)
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <RadixDialog.Title className="text-base font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description ? <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description> : null}
            </div>
            <RadixDialog.Close
              aria-label="Close"
              className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-primary"
            >
              <X aria-hidden className="size-4" />
            </RadixDialog.Close>
          </div>
          <div className="overflow-y-auto px-5 py-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/**
 * Radix returns focus to its own Trigger; our dialogs are opened by ordinary buttons (an "Edit" in a
 * list row), so remember what had focus when the dialog opened and give it back on close.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      if (opener.current?.isConnected) {
        event.preventDefault()
        opener.current.focus()
      }
      opener.current = null
    },
  }
}
