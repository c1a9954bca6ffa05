import { EyeOff } from 'lucide-react'
import { Link } from 'react-router'
import { Container } from '~/components/ui/container'

/** The site's main pages, which a release may change anywhere (copy, testimonials, clients, team). */
const MAIN_PAGES = [
  { path: '/', label: 'Home' },
  { path: '/solutions', label: 'Solutions' },
  { path: '/resources', label: 'Resources' },
  { path: '/about', label: 'About' },
  { path: '/careers', label: 'Careers' },
  { path: '/clients', label: 'Clients' },
  { path: '/contact', label: 'Contact' },
  { path: '/privacy-policy', label: 'Privacy Policy' },
  { path: '/terms-of-use', label: 'Terms of Use' },
]

/** Above a release's preview: the reader is not looking at the live site, and can open any page as the release will make it. */
export function ReleasePreviewBanner({ base, pages }: { base: string; pages: { path: string; label: string }[] }) {
  return (
    <div role="note" className="border-b border-amber-300 bg-amber-50 text-amber-950">
      <Container className="grid gap-2 py-3 text-sm">
        <p className="flex items-start gap-2">
          <EyeOff aria-hidden="true" className="mt-0.5 size-4 shrink-0" strokeWidth={1.75} />
          <span>
            <strong className="font-semibold">Preview of a release: not published</strong>
            <span className="text-amber-900"> · the site as it will look once the release goes live; only people with this link can see it</span>
          </span>
        </p>
        <nav aria-label="Pages of the preview">
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            {[...MAIN_PAGES, ...pages].map((page) => (
              <li key={page.path}>
                <Link className="underline" to={`${base}${page.path === '/' ? '' : page.path}`}>
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Container>
    </div>
  )
}
