// A public page as visitors saw it at a moment, rendered on the server by the site's own routes:
// React Router's request handler runs the page (root, layout and the page's loaders and components)
// with a request context whose Supabase client answers every table read from the publication record
// as of that moment (src/lib/archive-source.server.ts). The document is then made still: no script
// runs (the data in it is the past, which hydration would replace with the present).
import { createRequestHandler, RouterContextProvider, type ServerBuild } from 'react-router'
import { archiveSourceContext, type ArchiveSource } from '~/lib/archive-source.server'
import { siteOriginContext } from '~/lib/site-url.server'
import { visitorContext } from '~/lib/visitor-context'

type Handler = (request: Request, context: RouterContextProvider) => Promise<Response>

let handler: Handler | undefined

/** The app's own request handler (its server build, the one serving this request). */
async function siteHandler(): Promise<Handler> {
  if (!handler) {
    const build = (await import('virtual:react-router/server-build')) as ServerBuild
    handler = createRequestHandler(build, import.meta.env.PROD ? 'production' : 'development')
  }
  return handler
}

export interface ArchivedPage {
  /** The status a visitor got (404 for a page that did not exist then; 3xx with location for a redirect). */
  status: number
  location: string | null
  /** The whole document, without scripts. */
  html: string
  /** What the page showed: each table with the ids of its rows the page read. */
  reads: Map<string, Set<string>>
}

export interface RenderOptions {
  /** The public path, with its query if any. */
  path: string
  asOf: string
  accessToken: string
  fileAddress: ArchiveSource['fileAddress']
  /** The context of the request asking: its visitor and the site's origin carry over. */
  base: Readonly<RouterContextProvider>
}

/** Scripts (but not JSON-LD data) and module preloads leave the document: it shows, it does not run. */
export function stillDocument(html: string): string {
  return html.replace(/<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, '')
}

export async function renderArchivedPage({ path, asOf, accessToken, fileAddress, base }: RenderOptions): Promise<ArchivedPage> {
  const origin = base.get(siteOriginContext) ?? 'http://localhost'
  const source: ArchiveSource = { asOf, accessToken, fileAddress, reads: new Map(), failures: [], pending: 0 }
  const context = new RouterContextProvider()
  context.set(visitorContext, base.get(visitorContext))
  context.set(siteOriginContext, base.get(siteOriginContext))
  context.set(archiveSourceContext, source)
  const handle = await siteHandler()
  const response = await handle(new Request(new URL(path, origin), { headers: { Accept: 'text/html' } }), context)
  const location = response.headers.get('Location')
  const html = response.status >= 300 && response.status < 400 ? '' : stillDocument(await response.text())
  // A loader that fell back to its defaults (a failed or slow read) did not show what visitors saw.
  if (source.failures.length > 0 || source.pending > 0) {
    throw new Error(`Rendering ${path} as of ${asOf}: ${source.failures.join('; ') || 'a read took too long'}`)
  }
  return { status: response.status, location, html, reads: source.reads }
}
