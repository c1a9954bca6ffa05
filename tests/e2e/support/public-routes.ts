// The public pages the browser tests visit (accessibility at both widths, and anything else that
// should hold on every page). One list: add a page here when the site gains it.
//
export const PUBLIC_ROUTES: readonly string[] = [
  '/',
  '/solutions',
  '/solutions/banking',
  '/products',
  '/industries',
  '/resources',
  '/resources/blog/why-microfinance-banks-are-rethinking-core-banking',
  '/about',
  '/careers',
  '/clients',
  '/contact',
  '/privacy-policy',
  '/terms-of-use',
]

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const
