// The one add/edit dialog: the form, Cancel, and the submit button with its busy text. Refused
// writes leave it open with what was typed (the caller only closes it after a successful write).
import type { FormEventHandler, ReactNode } from 'react'
import { Dialog } from '~/components/ui/dialog'
import { buttonPrimary, buttonSecondary } from './styles'

export interface FormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  onSubmit: FormEventHandler<HTMLFormElement>
  busy: boolean
  submitLabel: string
  busyLabel: string
  children: ReactNode
  widthClass?: string
}

export function FormDialog({ open, onOpenChange, title, onSubmit, busy, submitLabel, busyLabel, children, widthClass }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} widthClass={widthClass}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        {children}
        <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
          <button type="button" className={buttonSecondary} onClick={() => onOpenChange(false)}>
            Cancel
          </button>
          <button type="submit" className={buttonPrimary} disabled={busy}>
            {busy ? busyLabel : submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
