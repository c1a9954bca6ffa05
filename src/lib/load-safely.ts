// A failed read never breaks a public page: the loader gets the fallback (built-in defaults or an
// empty list), the error goes to the server log, and the visitor sees no error detail. A read that
// does not answer in time counts as failed too: supabase-js retries network errors with back-off
// (1 s, 2 s, 4 s), and a visitor should not wait that long for a page when the database is down.
// While the Data API is known not to answer, failures are not logged one by one: the outage was
// logged once when it began (backend-outage.ts).
import { backendDown } from './backend-outage'
export const READ_TIMEOUT_MS = 3000

export async function loadSafely<T>(what: string, read: () => Promise<T>, fallback: T, timeoutMs = READ_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
  })
  try {
    return await Promise.race([read(), timeout])
  } catch (error) {
    if (!backendDown()) console.error(`[site] ${what} failed, showing the default instead:`, error instanceof Error ? error.message : error)
    return fallback
  } finally {
    clearTimeout(timer)
  }
}
