// The public pages the browser tests visit (accessibility at both widths, and anything else that
// should hold on every page). One list: add a page here when the site gains it.
//
// Still to add when the public site lands: '/solutions', '/solutions/banking', '/products',
// '/industries', '/resources', '/resources/blog/<a published slug>', '/about', '/careers',
// '/clients', '/contact', '/privacy-policy', '/terms-of-use'; then set SITE_COMPLETE below.
export const PUBLIC_ROUTES: readonly string[] = ['/']

/**
 * Whether every URL the sitemap lists is a page the site serves. False while the public site is
 * built on another branch (only / exists here); true from the merge on.
 */
export const SITE_COMPLETE = false

export const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 800 },
] as const
