// Answers without a page that more than one part of the web server gives.

/**
 * A short plain-text answer (a 404 under /assets/, a post from another origin, a refused render).
 * Its length is said, so it goes out as it is: a body of unknown length would be streamed through
 * a compressor, which costs a flood of refusals more than the refusals themselves.
 */
export const textAnswer = (body: string, status: number, headers: Record<string, string> = {}): Response =>
  new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), ...headers } })

// nginx's code for a client that closed the connection before the answer: counted and logged as
// what it is, never as a server error.
export const clientWentAway = (): Response => new Response(null, { status: 499 })
