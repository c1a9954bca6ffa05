// The headers every response carries. The Content-Security-Policy allows scripts only from this
// origin or with the response's nonce (React Router's inline hydration scripts carry it); a page
// shared by every visitor (and so by any cache in front) allows its inline scripts by their hashes
// instead, with 'strict-dynamic' so the modules they load run too (shared-pages.ts). It allows
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

/** What lets a page's scripts run: the response's nonce, or the hashes of the page's inline scripts. */
export type ScriptAllowance = { nonce: string } | { hashes: readonly string[] }

export function contentSecurityPolicy(scripts: ScriptAllowance, options: SecurityOptions): string {
  const supabase = options.supabaseOrigin ? ` ${options.supabaseOrigin}` : ''
  // 'self' is for browsers without 'strict-dynamic' (CSP 2); those with it ignore 'self' and
  // trust what the hashed scripts load.
  const scriptSrc =
    'nonce' in scripts ? `'self' 'nonce-${scripts.nonce}'` : ["'self'", ...scripts.hashes.map((hash) => `'${hash}'`), "'strict-dynamic'"].join(' ')
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
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
  if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', contentSecurityPolicy({ nonce }, options))
  headers.set('X-Content-Type-Options', 'nosniff')
  // A route's own policy (a page reached by a private link sends none) is kept.
  if (!headers.has('Referrer-Policy')) headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('Permissions-Policy', PERMISSIONS_POLICY)
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Cross-Origin-Opener-Policy', 'same-origin')
  if (options.https) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  if (path === '/admin' || path.startsWith('/admin/')) headers.set('X-Robots-Tag', 'noindex, nofollow')
}
