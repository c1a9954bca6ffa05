// Rules for rich text stored as HTML: the row holds it sanitized, whatever the editor sent, so a
// request made by hand stores nothing the allow-list drops. Apart from rules.ts because the lead
// forms, on every public page, must not carry the sanitizer.
import { sanitizeHtml } from '~/lib/sanitize-html'
import { blankToNull, optionalText, requiredText } from './rules'

/** HTML that must be given: as requiredText takes it, then sanitized. */
export function requiredHtml(label: string, max: number) {
  return requiredText(label, max).transform(sanitizeHtml)
}

/** Whether HTML shows any text: not only tags, non-breaking spaces and white space. */
export function htmlHasText(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;|&#160;|\s/g, '') !== ''
}

/** HTML that must be given and show text once sanitized (an image alone, or nothing safe, is refused). */
export function requiredHtmlText(label: string, max: number) {
  return requiredHtml(label, max).refine(htmlHasText, `${label} is required`)
}

/** HTML that may be left blank: sanitized, and null when nothing is left. */
export function optionalHtml(label: string, max: number) {
  return optionalText(label, max).transform((html) => (html === null ? null : blankToNull(sanitizeHtml(html))))
}
