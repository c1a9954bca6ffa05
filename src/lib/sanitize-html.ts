// The one HTML sanitizer for stored rich text (blog posts): the public post page runs it on render,
// the admin runs it on preview and again on save. DOMPurify is DOM-based, so it parses HTML exactly
// as a browser would: in the browser it uses the page's own DOM, on the server jsdom's (through
// isomorphic-dompurify). Everything is an allow-list: what is not named here never reaches the page.
import BrowserPurify from 'dompurify'
import { isSafeLink } from './safe-url'

type Purify = typeof BrowserPurify

/**
 * jsdom is loaded at the server's first sanitize, not when the server starts: it is over a second of
 * CPU that a start, and every request that shows no stored HTML, would pay for nothing.
 */
function serverPurify(): Purify {
  const { createRequire } = process.getBuiltinModule('node:module')
  return createRequire(import.meta.url)('isomorphic-dompurify') as Purify
}

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
const ALLOWED_ATTR = ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan', 'start']
// Web links, mail and phone links, and paths on this site (never `//host` or `/\host`, which lead
// elsewhere); `javascript:`, `data:` and every other scheme are dropped with their attribute.
const URL_ATTRIBUTES = new Set(['href', 'src'])

let configured: Purify | null = null
function purifier(): Purify {
  if (configured) return configured
  const DOMPurify = import.meta.env.SSR ? serverPurify() : BrowserPurify
  configured = DOMPurify
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
      // An image whose source was dropped (a script in `onerror`, a `javascript:` or `data:`
      // source) shows nothing but an empty box: it goes too.
      if (!node.hasAttribute('src')) {
        node.remove()
        return
      }
      node.setAttribute('loading', 'lazy')
      node.setAttribute('decoding', 'async')
    }
    // `start` numbers a list; anywhere else, or as anything but a count, it means nothing.
    if (node.hasAttribute('start') && (node.tagName !== 'OL' || !/^[1-9]\d{0,5}$/.test(node.getAttribute('start') ?? ''))) node.removeAttribute('start')
  })

  return DOMPurify
}

/** Returns `html` with everything outside the allow-list removed: safe to render as-is. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ADD_ATTR: ['target', 'rel', 'loading', 'decoding'],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
  })
}
