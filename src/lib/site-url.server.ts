// The site's public origin for canonical and open-graph URLs: SITE_URL when the deployment names
// it (behind a proxy the request's own host may be internal), otherwise the request's origin.
export function siteOrigin(request: Request): string {
  const configured = process.env.SITE_URL?.trim()
  const origin = configured ? configured : new URL(request.url).origin
  return origin.replace(/\/+$/, '')
}
