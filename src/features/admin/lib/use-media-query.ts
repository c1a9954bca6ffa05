// Whether a CSS media query matches now, following it as the window changes (an editor's settings
// are a side panel on a wide screen and a sheet on a phone).
import { useSyncExternalStore } from 'react'

/** The width from which an editor's settings sit beside the text (Tailwind's `lg`). */
export const WIDE_SCREEN = '(min-width: 1024px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', changed)
      return () => list.removeEventListener('change', changed)
    },
    () => window.matchMedia(query).matches,
    // The back office renders in the browser; a server render lays it out for a wide screen.
    () => true,
  )
}
