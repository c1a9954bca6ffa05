// What a lead form's action answers, for the page without JavaScript and the fetcher with it: either
// accepted, or refused with a message per field (and/or one for the whole form) and what the
// visitor typed, so nothing they entered is lost.
import type { FieldErrors } from '~/entities/limits'

export type FormResult<K extends string> = { ok: true } | { ok: false; fieldErrors: FieldErrors<K>; formError?: string; values: Partial<Record<K, string>> }

/** The database's flood-limit refusal, in the words the visitor is shown. */
export const TOO_MANY_SUBMISSIONS = 'Too many submissions, please try again later.'
export const SUBMISSION_FAILED = 'Sorry, something went wrong on our side. Please try again in a moment.'

/** The name of the hidden field that people never see and bots fill in. */
export const HONEYPOT_FIELD = 'website'

/** The text fields of a submitted form (the keys of its limits), as sent. */
export function textValues<K extends string>(formData: FormData, limits: Readonly<Record<K, number>>): Partial<Record<K, string>> {
  const values: Partial<Record<K, string>> = {}
  for (const field of Object.keys(limits) as K[]) {
    const value = formData.get(field)
    if (typeof value === 'string') values[field] = value
  }
  return values
}

/**
 * What a refusal sends back of the visitor's input: each field cut to the length the form allows,
 * so an answer is never larger than a valid form (files are never echoed).
 */
export function echoedValues<K extends string>(values: Partial<Record<K, string>>, limits: Readonly<Record<K, number>>): Partial<Record<K, string>> {
  const echoed: Partial<Record<K, string>> = {}
  for (const field of Object.keys(values) as K[]) echoed[field] = values[field]?.slice(0, limits[field])
  return echoed
}

/** True when the honeypot was filled in: a bot, to be answered as if accepted. */
export function isBotSubmission(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD)
  return typeof value === 'string' && value.trim() !== ''
}
