// React Router's Node entry (its default, from @react-router/dev) plus two things the web server in
// server/ needs: the response's CSP nonce on every inline script React writes, and a way to build
// the request context with the contexts of this bundle (server/ is bundled apart from the app, so it
// cannot import them itself and must use these very objects). The render gets the document's HTML
// fragments that its loaders kept out of their data (document-html.ts).
import { PassThrough } from 'node:stream'
import { text } from 'node:stream/consumers'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { isRouteErrorResponse, RouterContextProvider, ServerRouter, type EntryContext, type HandleErrorFunction } from 'react-router'
import { documentHtmlContext, DocumentHtmlSlot } from '~/lib/document-html'
import { deferHydration, inlineStylesheet } from '~/lib/first-paint.server'
import { nonceContext } from '~/lib/nonce'
import { renderRecordContext, type RenderRecord } from '~/lib/render-record'
import { inlineScriptHashes, scriptHash } from '~/lib/script-hashes.server'
import { searchDeclinedContext } from '~/lib/search-declined.server'
import { siteOriginContext } from '~/lib/site-url.server'
import { visitorContext, type Visitor } from '~/lib/visitor-context'
import appCss from './app.css?url'
import appCssText from './app.css?inline'

export const streamTimeout = 5_000

/**
 * The load context of one request, as the web server hands it to React Router. A shared render
 * comes with a record to fill in (render-record.ts) and no nonce: its scripts are allowed by hash.
 */
export function createLoadContext(
  visitor: Visitor,
  nonce: string,
  siteOrigin: string,
  searchDeclined = false,
  record: RenderRecord | null = null,
): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(visitorContext, visitor)
  context.set(nonceContext, nonce)
  context.set(siteOriginContext, siteOrigin)
  context.set(searchDeclinedContext, searchDeclined)
  context.set(renderRecordContext, record)
  return context
}

/** Logs what went wrong on the server; a page that does not exist or a visitor who left is not an error. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  console.error(error)
}

/**
 * The document as it should reach a visitor on a slow phone: styles inline, modules after the first
 * paint. With a record, the hashes of every script it runs go in it, for the page's CSP.
 */
function forFirstPaint(html: string, record: RenderRecord | null): string {
  const added: string[] = []
  const page = deferHydration(inlineStylesheet(html, appCss, appCssText), (code) => added.push(code))
  if (record) record.scriptHashes = [...inlineScriptHashes(page), ...added.map(scriptHash)]
  return page
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.get(nonceContext) || undefined

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // The production build sends whole documents (forFirstPaint rewrites them), so every part of
    // the page is in place as sent. In development people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      import.meta.env.PROD || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    // Abort after streamTimeout so rejected boundaries still have time to flush.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const page = (
      <DocumentHtmlSlot.Provider value={loadContext.get(documentHtmlContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </DocumentHtmlSlot.Provider>
    )
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      // React may move a large Suspense boundary's content to the end of the document and reveal it
      // with a script; without JavaScript it would stay hidden. Every part is written in place.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      [readyOption]() {
        shellRendered = true
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeoutId)
            timeoutId = undefined
            callback()
          },
        })
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
        pipe(body)
        if (import.meta.env.PROD) {
          // The whole document, so its stylesheet and modules can be moved (forFirstPaint). Vite's
          // dev server keeps React Router's own tags.
          const record = loadContext.get(renderRecordContext)
          text(body).then((html) => resolve(new Response(forFirstPaint(html, record), { headers: responseHeaders, status: responseStatusCode })), reject)
        } else {
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
        }
      },
      onShellError(error: unknown) {
        reject(error)
      },
      onError(error: unknown) {
        responseStatusCode = 500
        // Errors inside the shell are logged by React Router itself; later ones only here.
        if (shellRendered) console.error(error)
      },
    })
  })
}
