// A failed read never breaks a public page: the loader gets the fallback (built-in defaults or an
// empty list), the error goes to the server log, and the visitor sees no error detail.
export async function loadSafely<T>(what: string, read: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await read()
  } catch (error) {
    console.error(`[site] ${what} failed, showing the default instead:`, error instanceof Error ? error.message : error)
    return fallback
  }
}
