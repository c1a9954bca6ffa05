// A release's whole-site preview, /preview/release/{token}/{any public path}: the public page at
// that path, loaded by its own loader with the release's items laid over what the database answers
// (src/lib/release-preview.server.ts), under a banner. Never indexed, never kept or shared.
import type { ComponentType } from 'react'
import { data, matchPath } from 'react-router'
import { getReleasePreview, pagesOf } from '~/features/releases/api/release-preview'
import { ReleasePreviewBanner } from '~/features/releases/components/release-preview-banner'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { withReleasePreview } from '~/lib/release-preview.server'
import type { ServerHints } from '~/lib/server-hints'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import * as about from './about'
import * as careers from './careers'
import * as clients from './clients'
import * as contact from './contact'
import * as home from './home'
import * as job from './job'
import * as post from './post'
import * as privacyPolicy from './privacy-policy'
import * as resources from './resources'
import * as solution from './solution'
import * as solutions from './solutions'
import * as termsOfUse from './terms-of-use'
import type { Route } from './+types/release-preview'

// Shown to whoever holds the link: never shared between visitors by the page cache.
export const handle: ServerHints = { sharedRender: false }

export const headers: Route.HeadersFunction = () => ({ 'X-Robots-Tag': 'noindex, nofollow', 'Cache-Control': 'private, no-store' })

/** A public page as the preview runs it: its loader and its component. */
/** What the preview hands a page's loader: the request's arguments with the page's own path and params. */
type PageLoaderArgs = Omit<Route.LoaderArgs, 'params'> & { params: Record<string, string | undefined> }

interface Page {
  path: string
  loader: (args: PageLoaderArgs) => Promise<unknown>
  Component: ComponentType<{ loaderData: unknown }>
}

/** A page as the preview runs it: the route's loader, and its page component (the route's default wraps it). */
function page(path: string, module: { loader: unknown; Page: unknown }): Page {
  return { path, loader: module.loader as Page['loader'], Component: module.Page as Page['Component'] }
}

const PAGES: Page[] = [
  page('/', home),
  page('/solutions', solutions),
  page('/solutions/:slug', solution),
  page('/resources', resources),
  page('/resources/blog/:slug', post),
  page('/about', about),
  page('/careers', careers),
  page('/careers/:slug', job),
  page('/clients', clients),
  page('/contact', contact),
  page('/privacy-policy', privacyPolicy),
  page('/terms-of-use', termsOfUse),
]

/** A loader's answer as its component receives it (a `data(…)` answer carries it inside). */
function payloadOf(answer: unknown): unknown {
  return answer && typeof answer === 'object' && 'type' in answer && answer.type === 'DataWithResponseInit' && 'data' in answer ? answer.data : answer
}

export async function loader(args: Route.LoaderArgs) {
  const token = args.params.token
  const rows = await loadSafely('Reading a release preview', () => getReleasePreview(requestDb(args.context), token), [])
  // Unknown, expired and spent links look the same.
  if (rows.length === 0) return data({ preview: null }, { status: 404 })
  const base = `/preview/release/${token}`
  const path = `/${args.params['*'] ?? ''}`.replace(/\/+$/, '') || '/'
  const pages = pagesOf(rows)
  for (const [index, candidate] of PAGES.entries()) {
    const match = matchPath(candidate.path, path)
    if (!match) continue
    const url = new URL(path + new URL(args.request.url).search, args.request.url)
    try {
      const answer = await candidate.loader({
        ...args,
        request: new Request(url, { headers: args.request.headers }),
        params: { ...match.params },
        context: withReleasePreview(args.context, rows),
      })
      return { preview: { base, pages, page: index, data: payloadOf(answer) } }
    } catch {
      // A page that sends its visitor elsewhere (a post the release does not hold) has nothing to show here.
      break
    }
  }
  return { preview: { base, pages, page: null, data: null } }
}

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Preview of a release',
    description: 'The site as a release will make it.',
    path: '/',
    noIndex: true,
  })
}

export default function ReleasePreviewPage({ loaderData }: Route.ComponentProps) {
  const { preview } = loaderData
  if (!preview) {
    return (
      <div className="mx-auto max-w-xl px-6 py-24 text-center">
        <h1 className="text-3xl font-semibold tracking-tight text-slate-900">This preview link has expired</h1>
        <p className="mt-4 text-lg text-slate-600">A release's preview works for 7 days, until the release goes live. Ask for a new link.</p>
      </div>
    )
  }
  const Page = preview.page === null ? null : PAGES[preview.page].Component
  return (
    <>
      <ReleasePreviewBanner base={preview.base} pages={preview.pages} />
      {Page ? (
        <Page loaderData={preview.data} />
      ) : (
        <div className="mx-auto max-w-xl px-6 py-24 text-center">
          <h1 className="text-2xl font-semibold text-slate-900">This page is not in the preview</h1>
          <p className="mt-3 text-slate-600">Choose a page above.</p>
        </div>
      )}
    </>
  )
}
