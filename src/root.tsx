import interLatin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router'
import { getSiteSettings } from '~/features/settings/api/get-site-settings'
import { brandStyle } from '~/features/settings/brand-colors'
import { DEFAULT_SITE_SETTINGS, withDefaults } from '~/features/settings/site-settings'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { siteOrigin } from '~/lib/site-url.server'
import { PageViewCounter } from '~/features/page-views/components/page-view-counter'
import type { Route } from './+types/root'
import appCss from './app.css?url'

// One font file (Inter variable, latin subset), self-hosted and preloaded: no third-party host.
const fontFace = `@font-face{font-family:'Inter Variable';font-style:normal;font-display:swap;font-weight:100 900;src:url(${interLatin}) format('woff2-variations');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`

// The stylesheet has a precedence so React writes it ahead of the module preloads it hoists into
// <head>: the one render-blocking request starts first instead of queueing behind forty scripts.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'alternate', type: 'application/rss+xml', href: '/rss.xml', title: 'Editorial' },
]

// Settings are read on every request, so an admin's change shows on the next page view.
export async function loader({ request, context }: Route.LoaderArgs) {
  const stored = await loadSafely('Reading site settings', () => getSiteSettings(requestDb(context)), {})
  const settings = withDefaults(stored)
  // Worked out here, so the colour maths stays on the server; app.css holds the same defaults.
  return { settings, brand: brandStyle(settings), siteUrl: siteOrigin(request) }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const brand = useRouteLoaderData<typeof loader>('root')?.brand
  return (
    <html lang="en" style={brand as React.CSSProperties | undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brand?.['--brand-primary'] ?? DEFAULT_SITE_SETTINGS.primary_color} />
        <style dangerouslySetInnerHTML={{ __html: fontFace }} />
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
  return (
    <>
      <PageViewCounter />
      <Outlet />
    </>
  )
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  if (!notFound) console.error(error)
  // Server error detail is never shown to a visitor; it is logged where it happened.
  return (
    <main className="mx-auto max-w-2xl px-6 py-24 text-center">
      <title>{notFound ? 'Page not found' : 'Something went wrong'}</title>
      <h1 className="text-3xl font-semibold tracking-tight">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-4 text-slate-600">
        {notFound ? 'The page you asked for does not exist.' : 'Please try again in a moment.'}
      </p>
      <a className="mt-8 inline-block font-medium text-brand-primary-text underline underline-offset-4" href="/">
        Back to the home page
      </a>
    </main>
  )
}
