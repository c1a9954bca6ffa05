// The headers every response carries. The Content-Security-Policy allows scripts only from this
// origin or with the response's nonce (React Router's inline hydration scripts carry it), and
// styles from this origin plus style attributes (motion and recharts set them inline). Images may
// come from any https origin: staff can give a logo, avatar or featured image by URL.
import { randomBytes } from 'node:crypto'

export interface SecurityOptions {
  /** The hosted Supabase project's origin that the browser talks to directly, when not proxied. */
  supabaseOrigin?: string
  /** HSTS is only sent when the site is served over https. */
  https: boolean
}

export function newNonce(): string {
  return randomBytes(16).toString('base64')
}

export function contentSecurityPolicy(nonce: string, options: SecurityOptions): string {
  const supabase = options.supabaseOrigin ? ` ${options.supabaseOrigin}` : ''
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: https:${supabase}`,
    "font-src 'self'",
    `connect-src 'self'${supabase}`,
    "media-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(options.https ? ['upgrade-insecure-requests'] : []),
  ].join('; ')
}

const PERMISSIONS_POLICY = ['accelerometer=()', 'camera=()', 'geolocation=()', 'gyroscope=()', 'magnetometer=()', 'microphone=()', 'payment=()', 'usb=()'].join(
  ', ',
)

export function applySecurityHeaders(headers: Headers, nonce: string, path: string, options: SecurityOptions): void {
  // A stricter policy set upstream (the storage API sandboxes scriptable files) is kept.
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy(nonce, options))
  headers.set('X-Content-Type-Options', 'nosniff')
  // A route's own policy (a page reached by a private link sends none) is kept.
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  if (path === '/admin' || path.startsWith('/admin/')) headers.set('X-Robots-Tag', 'noindex, nofollow')
}
