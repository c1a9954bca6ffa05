// A form that keeps showing what is stored: when the stored values change (a save, a restored
// version), the form takes them. A refused save changes nothing stored, so what was typed stays; and
// the form is not rebuilt, so the answer of a save in flight still reaches its toast.
import { useEffect } from 'react'

export function useFormFollowsStored<Values>(form: { reset: (values: Values) => void }, stored: Values): void {
  const text = JSON.stringify(stored)
  useEffect(() => form.reset(JSON.parse(text) as Values), [form, text])
}
