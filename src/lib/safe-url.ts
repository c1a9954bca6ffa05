// Which stored URLs may become a link or an image source: a web address (http or https) or a path
// on this site. Read the way a browser reads an href (WHATWG URL): tabs and newlines anywhere are
// dropped, and a backslash counts as a slash, so `/\host`, `//host` and `/<tab>/host` all lead to
// another site and are not site paths. The database's public.is_safe_url applies the same rule.

/** Tabs and newlines, which a browser removes from anywhere in a URL before parsing it. */
const IGNORED_BY_BROWSERS = /[\t\n\r]/g

/** A path on this site: one slash, then anything but another slash or a backslash. */
const SITE_PATH = /^\/(?![/\\])/
const WEB_URL = /^https?:\/\/./i
/** Links rich text may carry besides site paths: the web, mail, phone, and a place on the same page. */
const LINK_SCHEME = /^(?:https?:\/\/|mailto:|tel:|#)/i

/** What a browser parses: without tabs and newlines, and without leading or trailing C0 controls and spaces. */
function asParsed(url: string): string {
  // eslint-disable-next-line no-control-regex -- the C0 control range is the point
  return url.replace(IGNORED_BY_BROWSERS, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
}

/** True for `/about`, `/images/x.svg` or `/`; false for `//host`, `/\host` and anything with a scheme. */
export function isSitePath(url: string): boolean {
  return SITE_PATH.test(asParsed(url))
}

/** For an href or src in rich text: a web, mail or phone link, a fragment, or a path on this site. */
export function isSafeLink(url: string): boolean {
  const parsed = asParsed(url)
  return LINK_SCHEME.test(parsed) || SITE_PATH.test(parsed)
}

/**
 * True for an http(s) address or a path on this site, written without whitespace or control
 * characters (as the database's is_safe_url requires), so what is checked is what a browser reads.
 */
export function isSafeUrl(url: string): boolean {
  // eslint-disable-next-line no-control-regex -- whitespace and C0 controls are refused outright
  if (url.length > 2048 || /[\u0000-\u0020\u007f]/.test(url)) return false
  return WEB_URL.test(url) || isSitePath(url)
}
