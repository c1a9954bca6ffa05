// An accessible confirmation (role alertdialog, focus on Cancel, focus returns to the trigger) in
// place of window.confirm. `useConfirm()` gives a promise-returning `confirm(question)` and the
// element to render.
import { AlertDialog } from 'radix-ui'
import { useCallback, useRef, useState, type ReactNode } from 'react'
import { useReturnFocus } from './dialog'

export interface ConfirmOptions {
  title?: string
  confirmLabel?: string
}

interface Pending extends ConfirmOptions {
  question: string
}

export function useConfirm(): { confirm: (question: string, options?: ConfirmOptions) => Promise<boolean>; element: ReactNode } {
  const [pending, setPending] = useState<Pending | null>(null)
  const resolver = useRef<((answer: boolean) => void) | null>(null)

  const confirm = useCallback((question: string, options: ConfirmOptions = {}) => {
    resolver.current?.(false)
    setPending({ question, ...options })
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve
    })
  }, [])

  const answer = (value: boolean) => {
    resolver.current?.(value)
    resolver.current = null
    setPending(null)
  }

  const element = (
    <ConfirmDialog
      open={pending !== null}
      title={pending?.title ?? 'Are you sure?'}
      question={pending?.question ?? ''}
      confirmLabel={pending?.confirmLabel ?? 'Delete'}
      onAnswer={answer}
    />
  )
  return { confirm, element }
}

export interface ConfirmDialogProps {
  open: boolean
  title: string
  question: string
  confirmLabel: string
  onAnswer: (confirmed: boolean) => void
}

export function ConfirmDialog({ open, title, question, confirmLabel, onAnswer }: ConfirmDialogProps) {
  const returnFocus = useReturnFocus()
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onAnswer(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <AlertDialog.Content
          {...returnFocus}
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg border border-slate-200 bg-white p-5 shadow-xl focus:outline-none"
        >
          <AlertDialog.Title className="text-base font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-700">{question}</AlertDialog.Description>
          <div className="mt-5 flex justify-end gap-2">
            <AlertDialog.Cancel className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary">
              Cancel
            </AlertDialog.Cancel>
            <AlertDialog.Action
              onClick={() => onAnswer(true)}
              className="rounded-md bg-red-700 px-3 py-2 text-sm font-medium text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
            >
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
