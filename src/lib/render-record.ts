// What one shared render tells the web server about itself, beyond its HTML: the content it read
// (its surrogate keys), whether every read answered, and the hashes of its inline scripts for the
// Content-Security-Policy. The web server hands in an empty record with the request context
// (server/shared-pages.ts); the request's Supabase client (db.server.ts) and the document renderer
// (entry.server.tsx) fill it in. Without one (an unshared render, `vite dev`, tests) nothing is kept.
import { createContext } from 'react-router'

export interface RenderRecord {
  /** Surrogate keys of the content the render read (surrogate-keys.ts). */
  keys: Set<string>
  /** Data API paths read that no surrogate key names: the page cannot be purged, so it is not shared. */
  unkeyedReads: Set<string>
  /** Reads that failed or had not answered when the page was written: some part shows a default. */
  failedReads: number
  /** Reads started and not yet answered. */
  pendingReads: number
  /** `sha256-…` of each inline script the page runs, for a CSP without nonces. */
  scriptHashes: string[]
}

export function newRenderRecord(): RenderRecord {
  return { keys: new Set(), unkeyedReads: new Set(), failedReads: 0, pendingReads: 0, scriptHashes: [] }
}

export const renderRecordContext = createContext<RenderRecord | null>(null)
