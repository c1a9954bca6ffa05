// Field rules shared by the entities' zod schemas, the staff forms and the lead forms, mirroring the
// database's CHECK constraints so a form refuses what the database would refuse, with a message
// beside the field. A rule's input is what the form holds (text as typed) and its output is the
// column's value: text trimmed, blank optional text null. A NUL character (which the database cannot
// store) is refused.
import { z } from '~/lib/schemas'
import { isSafeUrl } from '~/lib/safe-url'
import { EMAIL_MAX, hasNoNul } from './limits'

const EMAIL_TOO_LONG = `Email must be at most ${EMAIL_MAX} characters`
const wellFormedEmail = z.email('Please enter a valid email address')

/** An e-mail address, trimmed: required, at most EMAIL_MAX characters, and well formed. */
export const emailRule = z.string({ message: 'Email is required' }).trim().min(1, 'Email is required').max(EMAIL_MAX, EMAIL_TOO_LONG).pipe(wellFormedEmail)

/** An e-mail address a form may leave blank (''), otherwise taken as emailRule takes it. */
export const optionalEmailRule = z
  .string()
  .trim()
  .max(EMAIL_MAX, EMAIL_TOO_LONG)
  .refine((value) => value === '' || wellFormedEmail.safeParse(value).success, 'Please enter a valid email address')

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

/** Text that must be given: trimmed, not blank, at most `max` characters. */
export function requiredText(label: string, max: number) {
  return z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`)
}

/** Blank text becomes null, for optional columns (the rest is stored trimmed). */
export function blankToNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** Text that may be left blank (''): trimmed, at most `max` characters; blank gives null. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`)
    .transform(blankToNull)
}

export const slugRule = z
  .string()
  .min(1, 'Slug is required')
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens (for example core-banking)')

/** A link or an image address: trimmed, and only to the web or this site. */
export function urlRule(label: string) {
  return z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(2048, `${label} is too long`)
    .refine(isSafeUrl, `${label} must start with http://, https:// or a single /`)
}

/** A link or an image address that may be left blank: as urlRule takes it, and blank gives null. */
export function optionalUrlRule(label: string) {
  return z
    .string()
    .trim()
    .max(2048, `${label} is too long`)
    .refine((value) => value === '' || isSafeUrl(value), `${label} must start with http://, https:// or a single /`)
    .transform(blankToNull)
}
