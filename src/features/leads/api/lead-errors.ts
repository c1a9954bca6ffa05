// The refusals a visitor can do something about, told apart from failures they cannot.
import { TOO_MANY_SUBMISSIONS } from '../form-result'

/** The database's flood limit (SQLSTATE PT429, HTTP 429). */
export class TooManySubmissionsError extends Error {
  constructor() {
    super(TOO_MANY_SUBMISSIONS)
    this.name = 'TooManySubmissionsError'
  }
}

/** The job opening is unknown or no longer active. */
export class JobNotOpenError extends Error {
  constructor() {
    super('This job opening is no longer accepting applications.')
    this.name = 'JobNotOpenError'
  }
}

interface Failure {
  /** A PostgREST error has a SQLSTATE `code`; a Storage error its own HTTP `status`. */
  error: { message: string; code?: string; status?: number } | null
  status?: number
}

/**
 * Whether a failure is the database's flood limit: PostgREST answers it with 429 (SQLSTATE PT429),
 * the Storage API, refusing a CV upload in its insert policy, with its own error's status 429; a
 * Storage service that reports every database error alike still carries the limit's own message.
 */
function isFloodLimit({ error, status }: Failure): boolean {
  return status === 429 || error?.status === 429 || error?.code === 'PT429' || error?.message === TOO_MANY_SUBMISSIONS
}

/** Throws the right error for a failed write, or returns when it succeeded. */
export function throwIfFailed(result: Failure, what: string): void {
  if (!result.error) return
  if (isFloodLimit(result)) throw new TooManySubmissionsError()
  throw new Error(`${what}: ${result.error.message}`)
}
