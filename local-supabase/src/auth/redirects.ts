// Where e-mailed links send the browser. GoTrue's rule for redirect_to: SITE_URL's origin, or a URL
// matching a pattern of the allow list (URI_ALLOW_LIST, config.toml `additional_redirect_urls`);
// anything else is replaced by SITE_URL. Unlike GoTrue, a loopback origin is not allowed unless
// listed. Recovery and invitation links carry a session in the fragment, and a browser keeps the
// fragment through every redirect that names none, so they land only on their own page: a path on
// the site that redirects elsewhere would otherwise hand the tokens to another origin.
import type { AuthConfig } from './config.ts'

export type LandingKind = 'recovery' | 'invite'

const patternCache = new Map<string, RegExp>()

/**
 * gobwas/glob as GoTrue compiles the allow list (separators `.` and `/`): `**` matches anything,
 * `*` anything but a separator, `?` one character that is not one; everything else is literal.
 */
function globPattern(glob: string): RegExp {
  let compiled = patternCache.get(glob)
  if (compiled) return compiled
  let source = ''
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]
    if (char === '*' && glob[i + 1] === '*') {
      source += '.*'
      i++
    } else if (char === '*') source += '[^./]*'
    else if (char === '?') source += '[^./]'
    else source += char.replace(/[\\^$.|+()[\]{}]/g, '\\$&')
  }
  compiled = new RegExp(`^${source}$`, 's')
  patternCache.set(glob, compiled)
  return compiled
}

/** True when `raw` is an allowed redirect target. */
export function isAllowedRedirect(config: AuthConfig, raw: string): boolean {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return false
  }
  if (url.origin === new URL(config.siteUrl).origin && url.origin !== 'null') return true
  // The fragment never takes part in the match (GoTrue cuts it off first).
  const withoutFragment = raw.split('#')[0]
  return config.redirectAllowList.some((glob) => globPattern(glob).test(withoutFragment))
}

/** GoTrue's GetReferrer for redirect_to: the URL when allowed, else SITE_URL. */
export function redirectTarget(config: AuthConfig, raw: string): string {
  return raw !== '' && isAllowedRedirect(config, raw) ? raw : config.siteUrl
}

/**
 * A recovery or invitation link's landing page: its page on redirect_to's origin when that is
 * allowed there, else on SITE_URL. Query and fragment are dropped.
 */
export function landingPage(config: AuthConfig, kind: LandingKind, raw: string): string {
  const page = config.linkPages[kind]
  let origin: string | null = null
  try {
    origin = raw === '' ? null : new URL(raw).origin
  } catch {
    origin = null
  }
  if (origin && origin !== 'null' && isAllowedRedirect(config, `${origin}${page}`)) return `${origin}${page}`
  return `${new URL(config.siteUrl).origin}${page}`
}
