// What the web server answers when it refuses a post before React Router sees it: a page a visitor
// without JavaScript can act on, the status that says why, and one warning line in the log (no
// stack: the client's doing, not a fault of ours). A body past its size limit is read on and thrown
// away (request-body.ts), so a browser finishes sending and shows the answer; a body too slow for
// its deadline, and an upload refused for want of a slot, are answered and their connection closed,
// so nothing more of them is read.
import type { SlotRefusal } from './upload-slots.ts'

export type Refusal = 'too-large' | 'too-slow' | SlotRefusal

// How long a visitor is asked to wait before sending an upload again.
const UPLOAD_RETRY_AFTER_SECONDS = 30

const inUnits = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.floor(bytes / (1024 * 1024))} MB` : `${Math.floor(bytes / 1024)} KB`)

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><h1>${title}</h1><p>${text}</p></main></body></html>`
}

function answerOf(refusal: Refusal, limit: number): { status: number; title: string; text: string; retryAfter?: number } {
  switch (refusal) {
    case 'too-large':
      return {
        status: 413,
        title: 'Too large to send',
        text: `This form takes at most ${inUnits(limit)}, files included. Please go back and try again with less.`,
      }
    case 'too-slow':
      return { status: 408, title: 'Sending took too long', text: 'The form did not arrive in time. Please go back and send it again.' }
    case 'client-uploading':
      return {
        status: 429,
        title: 'Already sending',
        text: 'A file from you is still on its way. Please wait for it to finish, then try again.',
        retryAfter: UPLOAD_RETRY_AFTER_SECONDS,
      }
    case 'site-uploading':
      return {
        status: 503,
        title: 'Busy for a moment',
        text: 'Many files are arriving right now. Please go back and try again in a moment.',
        retryAfter: UPLOAD_RETRY_AFTER_SECONDS,
      }
  }
}

/** The refusal's answer, logged as one warning line naming the request. */
export function refuse(refusal: Refusal, request: { method: string; path: string; limit: number }): Response {
  const { status, title, text, retryAfter } = answerOf(refusal, request.limit)
  console.warn(`web server: refused a ${request.method} to ${request.path}: ${title.toLowerCase()} (${status})`)
  const headers: Record<string, string> = { 'Content-Type': 'text/html; charset=utf-8' }
  if (retryAfter) headers['Retry-After'] = String(retryAfter)
  if (refusal !== 'too-large') headers.Connection = 'close'
  return new Response(page(title, text), { status, headers })
}
