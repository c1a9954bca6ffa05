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
  error: { message: string; code?: string } | null
  status?: number
}

/** Throws the right error for a failed write, or returns when it succeeded. */
export function throwIfFailed(result: Failure, what: string): void {
  if (!result.error) return
  if (result.status === 429 || result.error.code === 'PT429') throw new TooManySubmissionsError()
  throw new Error(`${what}: ${result.error.message}`)
}
