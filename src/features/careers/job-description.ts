// A role's full description as one piece of HTML: the stored description (sanitized) followed by
// the requirements, which are plain text. Runs on the server only: the browser bundle never carries
// the sanitizer.
import { sanitizeHtml } from '~/lib/sanitize-html'

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
}

/** Plain text as paragraphs: a blank line between paragraphs, a single line break kept. */
export function paragraphsOf(text: string): string {
  return text
    .replaceAll('\r\n', '\n')
    .split(/\n[ \t]*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${escapeHtml(part).replaceAll('\n', '<br>')}</p>`)
    .join('')
}

export function jobDescriptionHtml(job: { description: string | null; requirements: string | null }): string {
  const description = sanitizeHtml(job.description ?? '')
  const requirements = job.requirements?.trim() ? `<h2>Requirements</h2>${paragraphsOf(job.requirements)}` : ''
  return description + requirements
}
