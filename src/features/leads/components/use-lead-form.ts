// The behaviour every lead form shares, with JavaScript: check with the form's schema before
// sending (errors inline, focus on the first), send through a fetcher (no page load), show the
// server's answer, and reset the form once it was accepted. Without JavaScript the same <form>
// posts to the action and its page shows `initial` (the action's answer).
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useFetcher } from 'react-router'
import type { z } from 'zod'
import { fieldErrorsOf, type FieldErrors } from '~/entities/limits'
import type { FormResult } from '../form-result'

/**
 * The form's schema, or a loader for it: a form on every page (the newsletter) loads its schema on
 * first focus instead of with the page, so zod stays out of the first load. Until it has arrived the
 * form is sent as it is and the action, which checks the same schema, answers with the messages.
 */
export type SchemaSource = z.ZodType | (() => Promise<z.ZodType>)

export function useLeadForm<K extends string>(source: SchemaSource, initial?: FormResult<K>) {
  const fetcher = useFetcher<FormResult<K>>()
  const formRef = useRef<HTMLFormElement>(null)
  const schemaRef = useRef<z.ZodType | null>(typeof source === 'function' ? null : source)
  const loadingRef = useRef(false)
  const [clientErrors, setClientErrors] = useState<FieldErrors<K> | null>(null)
  // The answer the visitor has moved on from by sending the form again.
  const [staleAnswer, setStaleAnswer] = useState<FormResult<K> | undefined>(undefined)

  const busy = fetcher.state !== 'idle'
  const latest = fetcher.data ?? initial
  const answer = !busy && latest !== staleAnswer ? latest : undefined

  // Accepted: empty the form for the next message. Refused: put the cursor on the first problem.
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) formRef.current?.reset()
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [fetcher.state, fetcher.data])

  function loadSchema() {
    if (schemaRef.current || loadingRef.current || typeof source !== 'function') return
    loadingRef.current = true
    source().then(
      (schema) => {
        schemaRef.current = schema
      },
      () => {
        loadingRef.current = false
      },
    )
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setStaleAnswer(latest)
    const schema = schemaRef.current
    if (!schema) {
      setClientErrors(null)
      return
    }
    const formData = new FormData(event.currentTarget)
    // The chosen file as the input holds it (some DOM implementations leave it out of FormData).
    for (const input of event.currentTarget.querySelectorAll<HTMLInputElement>('input[type="file"][name]')) {
      const file = input.files?.[0]
      if (file) formData.set(input.name, file)
    }
    const parsed = schema.safeParse(Object.fromEntries(formData))
    if (parsed.success) {
      setClientErrors(null)
      return
    }
    event.preventDefault()
    setClientErrors(fieldErrorsOf<K>(parsed.error))
    const form = event.currentTarget
    // After React has marked the fields invalid.
    requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus())
  }

  const refused = answer && !answer.ok ? answer : undefined
  const noErrors: FieldErrors<K> = {}
  const fieldErrors: FieldErrors<K> = clientErrors ?? refused?.fieldErrors ?? noErrors
  const values: Partial<Record<K, string>> = initial && !initial.ok ? initial.values : {}
  return {
    fetcher,
    formRef,
    onSubmit,
    onFocus: loadSchema,
    busy,
    fieldErrors,
    formError: clientErrors ? undefined : refused?.formError,
    accepted: answer?.ok === true,
    values,
  }
}
