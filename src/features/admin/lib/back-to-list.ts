// An item's page remembers the list it was opened from (its search and filters, in the URL): the
// list hands it on in the navigation's state, and the page's "Back" returns to it.
import { useLocation, type Location } from 'react-router'

export interface FromList {
  back: string
}

/** The state a list hands to the page it opens. */
export function fromList(location: Pick<Location, 'pathname' | 'search'>): FromList {
  return { back: location.pathname + location.search }
}

/** The list as it was left, when the page was opened from it; else the list itself. */
export function useBackToList(listPath: string): string {
  const back = (useLocation().state as Partial<FromList> | null)?.back
  return typeof back === 'string' && (back === listPath || back.startsWith(`${listPath}?`)) ? back : listPath
}
