import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * False in the server's HTML and while hydrating, true after. Forms keep the browser's own checks
 * (required, type=email) without JavaScript and switch to inline messages once it runs.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
