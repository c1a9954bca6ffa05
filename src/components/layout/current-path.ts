import { useLocation, useMatches } from 'react-router'
import type { ServerHints } from '~/lib/server-hints'

/**
 * The path whose section the header marks as current, or '' on a page that is the same on every
 * path (not found): it is in no section, and its one shared render must not differ by path.
 */
export function useCurrentPath(): string {
  const { pathname } = useLocation()
  return (useMatches().at(-1)?.handle as ServerHints | undefined)?.samePageForEveryPath ? '' : pathname
}

/** Whether a link to `to` is the current page or a page below it (nothing is below `/`: no path starts with `//`). */
export const isCurrent = (current: string, to: string) => current === to || current.startsWith(`${to}/`)
