// A labelled form field with its rule shown beside it before anything is sent: the error of the
// form's zod schema, linked to the control with aria-describedby. A warning is advice that does not
// stop a save; its live region is always there, so a screen reader hears it when it appears.
import { cloneElement, useId, type ReactElement } from 'react'

export interface FieldProps {
  label: string
  error?: string
  hint?: string
  /** Shown in a polite live region while set; never blocks submitting. */
  warning?: string | null
  children: ReactElement<Record<string, unknown>>
  className?: string
}

export function Field({ label, error, hint, warning, children, className = '' }: FieldProps) {
  const id = useId()
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId, warning ? `${id}-warning` : undefined].filter(Boolean).join(' ') || undefined
  return (
    <div className={`grid content-start gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      <FieldNotes id={id} hint={hint} error={error} />
      {warning !== undefined ? (
        <p id={`${id}-warning`} aria-live="polite" className="text-xs text-amber-800">
          {warning}
        </p>
      ) : null}
    </div>
  )
}

/** A field's hint and error under it, as `${id}-hint` and `${id}-error` for its aria-describedby. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </>
  )
}
