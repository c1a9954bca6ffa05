// A lead form's body, as a browser's form sends it (URL-encoded or multipart). Anything else is the
// client's mistake, not the server's: a 415 or 400 with one line in the log, never a stack.
import { data } from 'react-router'

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

export async function readForm(request: Request, what: string): Promise<FormData> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase()
  if (!FORM_TYPES.has(type)) {
    console.warn(`${what}: refused a post sent as ${type || 'no content type'} (415)`)
    throw data('Send the form as a browser does.', { status: 415, statusText: 'Unsupported Media Type' })
  }
  try {
    return await request.formData()
  } catch (error) {
    console.warn(`${what}: refused a form that could not be read (400): ${error instanceof Error ? error.message : String(error)}`)
    throw data('The form could not be read.', { status: 400, statusText: 'Bad Request' })
  }
}
