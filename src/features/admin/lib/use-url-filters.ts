// A list's filters and search live in the URL, so a reload or a shared link shows the same list.
// The screen filters from the values held here at once (typing stays instant); the URL follows,
// replacing the history entry instead of adding one per keystroke.
import { useState } from 'react'
import { useSearchParams, type ShouldRevalidateFunctionArgs } from 'react-router'
import { UPLOAD_ACTION } from './use-image-upload'

export function useUrlFilters<K extends string>(defaults: Record<K, string>) {
  const [params, setParams] = useSearchParams()
  const [values, setValues] = useState<Record<K, string>>(() => {
    const initial = { ...defaults }
    for (const key of Object.keys(defaults) as K[]) initial[key] = params.get(key) ?? defaults[key]
    return initial
  })

  const set = (changes: Partial<Record<K, string>>) => {
    setValues((current) => ({ ...current, ...changes }))
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes) as [K, string][]) {
          if (value === defaults[key]) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true, preventScrollReset: true },
    )
  }

  return { values, set, clear: () => set(defaults) }
}

/**
 * For a route whose clientLoader reads the whole list: a change of filters (search params only)
 * does not load it again, nor does an image upload (it changes no row until the form is saved); a
 * write, an explicit revalidation (the same URL) or a move to another page does.
 */
export function reloadOnWritesOnly({ formMethod, formAction, currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search) return false
  if (formAction === UPLOAD_ACTION) return false
  return defaultShouldRevalidate
}
