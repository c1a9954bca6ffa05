// Whether the web server declined to render this request's search, because the visitor had used
// their searches for the minute or too many were being rendered at once (server/pages.ts). The page
// then shows the unfiltered list and says why, instead of keeping the database busy.
import { createContext, type RouterContextProvider } from 'react-router'

export const searchDeclinedContext = createContext(false)

export function isSearchDeclined(context: Readonly<RouterContextProvider>): boolean {
  return context.get(searchDeclinedContext)
}
