// The shared shape of a lead form's action: a bot gets an "accepted" and nothing is stored; bad
// input is a 400 with messages per field and the input kept; the flood limit is a 429 with its
// own message; anything else is logged and the visitor gets a plain apology (never the detail).
import { JobNotOpenError, TooManySubmissionsError } from '../api/lead-errors'
import type { FieldErrors } from '~/entities/limits'
import { isBotSubmission, SUBMISSION_FAILED, type FormResult } from '../form-result'

export interface Answer<K extends string> {
  status: number
  result: FormResult<K>
}

export async function answerSubmission<K extends string>(
  formData: FormData,
  values: Partial<Record<K, string>>,
  validate: () => FieldErrors<K> | null,
  store: () => Promise<void>,
  what: string,
): Promise<Answer<K>> {
  if (isBotSubmission(formData)) return { status: 200, result: { ok: true } }
  const fieldErrors = validate()
  if (fieldErrors) return { status: 400, result: { ok: false, fieldErrors, values } }
  try {
    await store()
    return { status: 200, result: { ok: true } }
  } catch (error) {
    if (error instanceof TooManySubmissionsError) return { status: 429, result: { ok: false, fieldErrors: {}, formError: error.message, values } }
    if (error instanceof JobNotOpenError) return { status: 409, result: { ok: false, fieldErrors: {}, formError: error.message, values } }
    console.error(`${what}:`, error)
    return { status: 500, result: { ok: false, fieldErrors: {}, formError: SUBMISSION_FAILED, values } }
  }
}
