// Posts an intent to the route's clientAction through a fetcher and shows the toast it returns.
// The router reloads the screen's data after a successful write; `submit` resolves with the result
// once that is done, so a dialog closes (or stays open with what was typed) at the right moment.
import { useEffect, useRef } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { useFetcher } from 'react-router'
import type { ActionBody, ActionResult } from './admin-action'
import { notifyDone, notifyError, notifySuccess } from './notify'

/** Copies an action's field errors into the form (its `setError`), so each shows under its field. */
export function showFieldErrors<Input extends FieldValues>(result: ActionResult, setError: UseFormSetError<Input>): void {
  for (const [name, message] of Object.entries(result.fieldErrors ?? {})) setError(name as Path<Input>, { message })
}

function show(toast: ActionResult['toast']): void {
  if (!toast) return
  if (toast.kind === 'error') notifyError(toast.message)
  else if (toast.kind === 'done') notifyDone(toast.message)
  else notifySuccess(toast.message)
}

export interface AdminAction {
  /** JSON with an intent, or a form with a file (multipart) for an upload. */
  submit: (body: ActionBody | FormData) => Promise<ActionResult>
  /** True from the post until the reloaded data is on screen. */
  busy: boolean
}

/** `action`: the route whose clientAction runs the intents; the current route's when not given. */
export function useAdminAction(action?: string): AdminAction {
  const fetcher = useFetcher<ActionResult>()
  const waiting = useRef<((result: ActionResult) => void) | null>(null)
  const handled = useRef<ActionResult | undefined>(undefined)

  // Not a data load: the fetcher's answer arrives as state, and this hands it on.
  useEffect(() => {
    const result = fetcher.data
    if (fetcher.state !== 'idle' || !result || result === handled.current) return
    handled.current = result
    show(result.toast)
    waiting.current?.(result)
    waiting.current = null
  }, [fetcher.state, fetcher.data])

  return {
    submit: (body) =>
      new Promise((resolve) => {
        waiting.current = resolve
        if (body instanceof FormData) void fetcher.submit(body, { method: 'post', encType: 'multipart/form-data', action })
        else void fetcher.submit(JSON.parse(JSON.stringify(body)), { method: 'post', encType: 'application/json', action })
      }),
    busy: fetcher.state !== 'idle',
  }
}
