// Keeps what is typed in an open dialog in this tab's sessionStorage, so that a person sent back to
// the sign-in page when their session could not be refreshed finds it again when they return.
// The draft is dropped when the dialog saves or is cancelled.
import { useEffect } from 'react'
import type { FieldValues, UseFormReturn } from 'react-hook-form'

const PREFIX = 'admin-draft:'

export function readDraft<T>(key: string): T | null {
  if (typeof sessionStorage === 'undefined') return null
  const raw = sessionStorage.getItem(PREFIX + key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

export function clearDraft(key: string): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(PREFIX + key)
}

/** While `active`, writes the form's values to the draft under `key` on every change. */
export function useDraft<T extends FieldValues>(key: string, form: UseFormReturn<T>, active: boolean): void {
  useEffect(() => {
    if (!active || typeof sessionStorage === 'undefined') return
    const subscription = form.watch((values) => {
      sessionStorage.setItem(PREFIX + key, JSON.stringify(values))
    })
    return () => subscription.unsubscribe()
  }, [form, key, active])
}
