// A long fragment of sanitized HTML (a post's body) written into a document once. A loader's data
// goes into the document twice: rendered as the page, and again as JSON for hydration, so an
// article would travel (and be parsed) twice. In a document request the loader hands the fragment
// to the server render through a slot in the request's context instead of in its data, and the
// browser's hydrating render adopts the fragment already in the page. A client navigation (a .data
// request) has no slot: the fragment comes in the loader's data, as any other field. The element
// is components/ui/document-html.tsx.
import { createContext } from 'react'
import { createContext as createRouterContext, type RouterContextProvider } from 'react-router'

/** The fragments of this document's render by element id; null in a .data request. */
export const documentHtmlContext = createRouterContext<Map<string, string> | null>(null)

/** The same fragments, for the server's render of the document (entry.server.tsx provides them). */
export const DocumentHtmlSlot = createContext<ReadonlyMap<string, string> | null>(null)

/** Gives a document request its slot (root middleware). */
export function openDocumentHtmlSlot(request: Request, context: Readonly<RouterContextProvider>): void {
  // Data requests end in .data (React Router's single fetch); loaders see the request as it came.
  if (!new URL(request.url).pathname.endsWith('.data')) context.set(documentHtmlContext, new Map())
}

/** `html` for the loader's data: null when the document's render takes it from the slot. */
export function htmlOutsideData(context: Readonly<RouterContextProvider>, id: string, html: string): string | null {
  const slot = context.get(documentHtmlContext)
  if (!slot) return html
  slot.set(id, html)
  return null
}
