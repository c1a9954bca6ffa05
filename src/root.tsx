import { useEffect } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { DEFAULT_SITE_SETTINGS } from '~/entities/site-settings'
import { requestSiteSettings } from '~/features/settings/api/site-settings.server'
import { brandStyle } from '~/features/settings/brand-colors'
import { openDocumentHtmlSlot } from '~/lib/document-html'
import { imageTransformations } from '~/lib/env.server'
import { siteUrl } from '~/lib/site-url.server'
import { PageViewCounter } from '~/features/page-views/components/page-view-counter'
import type { Route } from './+types/root'
import appCss from './app.css?url'
import favicon from '../public/favicon.svg?inline'

// In production the stylesheet is written into each page: the root renders it as an empty style
// resource that the server fills (first-paint.server.ts), and React adopts that element when it
// hydrates instead of fetching the file and restyling the painted page. Vite's dev server links it.
// The icon is inline too (210 bytes): the browser fetched it around `load`, often before the page
// was shown, and that request counted towards the page's first paint in Lighthouse.
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: 'stylesheet', href: appCss }] : []),
  { rel: 'icon', href: favicon, type: 'image/svg+xml' },
  { rel: 'alternate', type: 'application/rss+xml', href: '/rss.xml', title: 'Editorial' },
]

// A document request's long HTML fragments reach its render without going into its data twice.
export const middleware: Route.MiddlewareFunction[] = [({ request, context }) => openDocumentHtmlSlot(request, context)]

// Settings are read on every request, so an admin's change shows on the next page view; pages take
// them from here (useSiteSettings), and their loaders from the same read (requestSiteSettings).
export async function loader(args: Route.LoaderArgs) {
  const { retention: _readByThePrivacyPage, ...settings } = await requestSiteSettings(args.context)
  // Worked out here, so the colour maths stays on the server; app.css holds the same defaults.
  // Image addresses follow imageTransformations on both renders (useImageTransformations).
  return { settings, brand: brandStyle(settings), siteUrl: siteUrl(args), imageTransformations: imageTransformations() }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const brand = useRouteLoaderData<typeof loader>('root')?.brand
  return (
    <html lang="en" style={brand as React.CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand?.['--brand-primary'] ?? DEFAULT_SITE_SETTINGS.primary_color} />
        {import.meta.env.PROD && <style href={appCss} precedence="default" />}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  // Hydration starts after the first paint (first-paint.server.ts); this says it is done,
  // for whoever needs to know the page is interactive (the browser tests).
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
  }, [])
  return (
    <>
      <PageViewCounter />
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500
  const notFound = status === 404
  // A client's mistake (4xx) was logged in one line where it was refused, if at all.
  if (status >= 500) console.error(error)
  const heading = notFound ? 'Page not found' : status < 500 ? 'That request could not be handled' : 'Something went wrong'
  // Server error detail is never shown to a visitor; it is logged where it happened.
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{heading}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{heading}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? 'The page you asked for does not exist.' : status < 500 ? 'Please go back and try again.' : 'Please try again in a moment.'}
      </p>
      <a className="mt-8 inline-block font-medium text-brand-primary-text underline underline-offset-4" href="/">
        Back to the home page
      </a>
    </main>
  )
}
