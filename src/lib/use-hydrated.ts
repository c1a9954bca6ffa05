import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False on the server and during hydration, true afterwards: for output that only the browser can
 * know, and for forms that keep the browser's own checks (required, type=email) without JavaScript
 * and switch to inline messages once it runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
