// Keeps what is typed in an open dialog or an item's page in this tab's sessionStorage, so that a
// person sent back to the sign-in page when their session could not be refreshed, or who left the
// page, finds it again when they return. The draft is dropped when the form saves, or when the
// dialog is cancelled or the page's changes discarded.
import { useEffect, useState } from 'react'
import { useForm, type DefaultValues, type FieldErrors, type FieldValues, type Resolver, type UseFormReturn } from 'react-hook-form'

const PREFIX = 'admin-draft:'

function readDraft<T>(key: string): T | null {
  if (typeof sessionStorage === 'undefined') return null
  const raw = sessionStorage.getItem(PREFIX + key)
  if (!raw) return null
  try {
    return JSON.parse(raw) as T
  } catch {
    return null
  }
}

function clearDraft(key: string): void {
  if (typeof sessionStorage !== 'undefined') sessionStorage.removeItem(PREFIX + key)
}

/** While `active`, writes the form's values to the draft under `key` on every change of a field (not on a reset). */
function useDraft<Input extends FieldValues, Output extends FieldValues>(key: string, form: UseFormReturn<Input, unknown, Output>, active: boolean): void {
  useEffect(() => {
    if (!active || typeof sessionStorage === 'undefined') return
    const subscription = form.watch((values, { name }) => {
      if (name !== undefined) sessionStorage.setItem(PREFIX + key, JSON.stringify(values))
    })
    return () => subscription.unsubscribe()
  }, [form, key, active])
}

export interface DraftFormOptions<Input extends FieldValues, Output extends FieldValues> {
  /** Where the draft lives, e.g. `job:<id>` or `job:new`. */
  draftKey: string
  resolver: Resolver<Input, unknown, Output>
  /** The values of the item being edited, or of a new one; a saved draft wins over them. */
  initial: Input
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Resolves true when the write succeeded: only then is the draft dropped. */
  onSave: (values: Output, form: UseFormReturn<Input, unknown, Output>) => Promise<boolean>
  /** Called when the form does not pass its schema (e.g. to show the fields again), with what broke. */
  onInvalid?: (errors: FieldErrors<Input>) => void
}

/**
 * The form of an add/edit dialog with its draft: it starts from the draft (else `initial`), keeps
 * it while open, and drops it on a successful save or a cancel. `dialog` is FormDialog's wiring.
 */
export function useDraftForm<Input extends FieldValues, Output extends FieldValues = Input>({
  draftKey,
  resolver,
  initial,
  open,
  onOpenChange,
  onSave,
  onInvalid,
}: DraftFormOptions<Input, Output>) {
  const [draft] = useState(() => readDraft<Input>(draftKey))
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues: (draft ?? initial) as DefaultValues<Input> })
  useDraft(draftKey, form, open)
  const dialog = {
    open,
    onOpenChange: (next: boolean) => {
      if (!next) clearDraft(draftKey)
      onOpenChange(next)
    },
    onSubmit: form.handleSubmit(async (values) => {
      if (await onSave(values, form)) clearDraft(draftKey)
    }, onInvalid),
  }
  return {
    form,
    dialog,
    /** The form started from a draft of this tab rather than from the item. */
    restored: draft !== null,
    /** Drops the draft and puts the item's values back. */
    discard: () => {
      clearDraft(draftKey)
      form.reset(initial)
    },
  }
}
