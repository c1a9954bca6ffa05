// The public pages that are not one row of a table, and what each one shows, so that the sitemap
// can date each page by the newest change to what it shows. Add a page here when the site gains one.

/** A group of rows whose newest change dates a page (website_content rows are named section.key). */
export type ContentSource =
  'site_settings' | 'solutions' | 'blog_posts' | 'job_openings' | 'clients' | 'testimonials' | 'team_members' | `website_content:${string}`

export interface PublicPage {
  path: string
  /** What the page's body shows, besides the header and footer every page has. */
  sources: readonly ContentSource[]
}

/** Shown on every page: the header and footer (company name, contact details, footer copy). */
export const LAYOUT_SOURCES: readonly ContentSource[] = ['site_settings', 'website_content:footer.main']

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: '/', sources: ['website_content:hero.main', 'website_content:stats.main', 'clients', 'testimonials'] },
  { path: '/solutions', sources: ['solutions'] },
  { path: '/products', sources: [] },
  { path: '/industries', sources: [] },
  { path: '/resources', sources: ['blog_posts'] },
  {
    path: '/about',
    sources: ['website_content:about.main', 'website_content:about.mission', 'website_content:about.vision', 'team_members'],
  },
  { path: '/careers', sources: ['job_openings'] },
  { path: '/clients', sources: ['clients', 'testimonials'] },
  { path: '/contact', sources: ['website_content:contact.main', 'solutions'] },
  { path: '/privacy-policy', sources: ['website_content:legal.privacy'] },
  { path: '/terms-of-use', sources: ['website_content:legal.terms'] },
]
