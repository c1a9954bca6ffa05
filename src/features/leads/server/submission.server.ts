// The shared shape of a lead form's action: a bot gets an "accepted" and nothing is stored; bad
// input is a 400 with messages per field and the input kept; the flood limit is a 429 with its
// own message and a Retry-After, logged as one warning; anything else is logged and the visitor
// gets a plain apology (never the detail).
import { JobNotOpenError, TooManySubmissionsError } from '../api/lead-errors'
import type { FieldErrors } from '~/entities/limits'
import { isBotSubmission, SUBMISSION_FAILED, type FormResult } from '../form-result'

export interface Answer<K extends string> {
  result: FormResult<K>
  /** The status and headers the action answers with. */
  init: { status: number; headers?: Record<string, string> }
}

// The flood limit counts the last hour, so a refused visitor may succeed again within an hour.
const FLOOD_LIMIT_RETRY_AFTER_SECONDS = 3600

export async function answerSubmission<K extends string>(
  formData: FormData,
  values: Partial<Record<K, string>>,
  validate: () => FieldErrors<K> | null,
  store: () => Promise<void>,
  what: string,
): Promise<Answer<K>> {
  if (isBotSubmission(formData)) return { init: { status: 200 }, result: { ok: true } }
  const fieldErrors = validate()
  if (fieldErrors) return { init: { status: 400 }, result: { ok: false, fieldErrors, values } }
  try {
    await store()
    return { init: { status: 200 }, result: { ok: true } }
  } catch (error) {
    if (error instanceof TooManySubmissionsError) {
      console.warn(`${what}: refused by the flood limit (429)`)
      return {
        init: { status: 429, headers: { 'Retry-After': String(FLOOD_LIMIT_RETRY_AFTER_SECONDS) } },
        result: { ok: false, fieldErrors: {}, formError: error.message, values },
      }
    }
    if (error instanceof JobNotOpenError) return { init: { status: 409 }, result: { ok: false, fieldErrors: {}, formError: error.message, values } }
    console.error(`${what}:`, error)
    return { init: { status: 500 }, result: { ok: false, fieldErrors: {}, formError: SUBMISSION_FAILED, values } }
  }
}
