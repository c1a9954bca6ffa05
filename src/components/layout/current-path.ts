import { useLocation, useMatches } from 'react-router'
import type { ServerHints } from '~/lib/server-hints'

/**
 * The path whose section the header marks as current, or null on a page that is the same on every
 * path (not found): it is in no section, and its one shared render must not differ by path.
 */
export function useCurrentPath(): string | null {
  const { pathname } = useLocation()
  const hints = useMatches().at(-1)?.handle as ServerHints | undefined
  return hints?.samePageForEveryPath ? null : pathname
}

/** Whether a link to `to` is the current page or, unless `end`, a page below it (as NavLink decides). */
export function isCurrent(current: string | null, to: string, end = false): boolean {
  if (current === null) return false
  const path = current.toLowerCase().replace(/(.)\/$/, '$1')
  return path === to || (!end && path.startsWith(`${to}/`))
}
