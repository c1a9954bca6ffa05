// React Router's request handler over the app's build, given the load context the app's server
// entry (src/entry.server.tsx) makes: the visitor, the response's nonce, the site's origin, and for
// a shared render whether its search was declined and the record its reads fill in.
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router'
import type { RenderRecord } from '../src/lib/render-record.ts'
import type { SiteContext } from './site-env.ts'

/** What src/entry.server.tsx exports for this server, beside React Router's render function. */
interface AppEntry {
  createLoadContext(
    visitor: { ip: string | null; requestId: string },
    nonce: string,
    siteOrigin: string,
    searchDeclined?: boolean,
    record?: RenderRecord,
  ): RouterContextProvider
}

export interface RenderOptions {
  /** The response's nonce; empty for a render shared between visitors (its scripts go by hash). */
  nonce: string
  searchDeclined?: boolean
  record?: RenderRecord
}

export class AppRenderer {
  private readonly handle: ReturnType<typeof createRequestHandler>
  private readonly entry: AppEntry

  constructor(build: ServerBuild) {
    this.handle = createRequestHandler(build, 'production')
    this.entry = build.entry.module as unknown as AppEntry
    if (typeof this.entry.createLoadContext !== 'function') throw new Error('The app build has no createLoadContext in its server entry')
  }

  /** The app's answer to `request`, made for the visitor of `c`. */
  render(c: SiteContext, request: Request, { nonce, searchDeclined = false, record }: RenderOptions): Promise<Response> {
    const visitor = { ip: c.get('visitorIp'), requestId: c.get('requestId') }
    return this.handle(request, this.entry.createLoadContext(visitor, nonce, c.get('site').origin, searchDeclined, record))
  }
}
