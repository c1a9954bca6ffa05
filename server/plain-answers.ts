// Answers without a page that more than one part of the web server gives.

/** A short plain-text answer (a 404 under /assets/, a post from another origin). */
export const textAnswer = (body: string, status: number): Response => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })

// nginx's code for a client that closed the connection before the answer: counted and logged as
// what it is, never as a server error.
export const clientWentAway = (): Response => new Response(null, { status: 499 })
