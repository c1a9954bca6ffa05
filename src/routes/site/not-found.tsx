import { Compass } from 'lucide-react'
import { data, Link } from 'react-router'
import { buttonClasses } from '~/components/ui/button-link'
import { Container } from '~/components/ui/container'
import { buildMeta, siteContextFrom } from '~/lib/seo'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/not-found'

// Any path no route claims: the page says so, inside the site layout, with a 404 status. Nothing
// in it reads the path, so a flood of invented addresses costs the server one render.
export const handle: ServerHints = { samePageForEveryPath: true }

export function loader() {
  return data(null, { status: 404 })
}

export function meta({ matches }: Route.MetaArgs) {
  return buildMeta(siteContextFrom(matches), {
    title: 'Page not found',
    description: 'The page you asked for does not exist.',
    noIndex: true,
  })
}

export default function NotFound() {
  return (
    <Container className="flex min-h-[60vh] flex-col items-center justify-center py-20 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-brand-primary/8 text-brand-primary">
        <Compass aria-hidden="true" className="size-7" strokeWidth={1.75} />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-wide text-brand-primary-text uppercase">404</p>
      <h1 className="mt-2 text-4xl font-semibold tracking-tight text-slate-900">Page not found</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">The page you asked for does not exist or has moved.</p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to="/" className={buttonClasses('primary', 'lg')}>
          Back to the home page
        </Link>
        <Link to="/contact" className={buttonClasses('outline', 'lg')}>
          Contact us
        </Link>
      </div>
    </Container>
  )
}
