// What the web server knows about the visitor of one request, handed to loaders and actions through
// React Router's context. The server fills it in; without a server that does (tests, `vite dev`),
// the default applies.
import { createContext } from 'react-router'

export interface Visitor {
  /** The visitor's address as the web server determined it (socket, or trusted proxy header). */
  ip: string | null
  /** The web server's id for this request, passed to Supabase as X-Request-Id to follow it in both logs. */
  requestId?: string
}

export const visitorContext = createContext<Visitor>({ ip: null })
