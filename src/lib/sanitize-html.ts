// The one HTML sanitizer for stored rich text (blog posts): the public post page runs it on render,
// the admin runs it on preview and again on save. DOMPurify is DOM-based, so it parses HTML exactly
// as a browser would; isomorphic-dompurify gives it jsdom's window on the server and the real one in
// the browser. Everything is an allow-list: what is not named here never reaches the page.
import DOMPurify from 'isomorphic-dompurify'
import { isSafeLink } from './safe-url'

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'h2',
  'h3',
  'h4',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'mark',
  'small',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'a',
  'img',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'span',
]
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan']
// Web links, mail and phone links, and paths on this site (never `//host` or `/\host`, which lead
// elsewhere); `javascript:`, `data:` and every other scheme are dropped with their attribute.
const URL_ATTRIBUTES = new Set(['href', 'src'])

let hooked = false
function withHooks(): typeof DOMPurify {
  if (hooked) return DOMPurify
  hooked = true
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    // DOMPurify lets data: URIs through on <img> by default; we never want them.
    if (URL_ATTRIBUTES.has(data.attrName) && !isSafeLink(data.attrValue)) data.keepAttr = false
  })
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && /^https?:\/\//i.test(node.getAttribute('href') ?? '')) {
      node.setAttribute('rel', 'noopener noreferrer')
      node.setAttribute('target', '_blank')
    }
    if (node.tagName === 'IMG') {
      node.setAttribute('loading', 'lazy')
      node.setAttribute('decoding', 'async')
    }
  })
  return DOMPurify
}

/** Returns `html` with everything outside the allow-list removed: safe to render as-is. */
export function sanitizeHtml(html: string): string {
  return withHooks().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ADD_ATTR: ['target', 'rel', 'loading', 'decoding'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  })
}
