// Whether the Data API is answering, as the server's own reads find it, so an outage is logged once
// and not once per read: the first failure says what happened, the reads that fail after it are
// quiet (load-safely.ts), and the first answer after it says the outage ended.
let down = false

export function backendDown(): boolean {
  return down
}

/** A read failed for want of an answer (no connection, a gateway error, no answer in time). */
export function noteBackendFailure(reason: string): void {
  if (down) return
  down = true
  console.error(
    `[site] Supabase is not answering (${reason}): public pages show the last good render the web server kept, or defaults where it kept none, until it answers. Said once.`,
  )
}

/** A read got an answer. */
export function noteBackendAnswer(): void {
  if (!down) return
  down = false
  console.log('[site] Supabase answers again.')
}
