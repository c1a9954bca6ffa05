// Field rules shared by the entities' zod schemas, mirroring the database's CHECK constraints so a
// form refuses what the database would refuse, with a message beside the field.
import { z } from '~/lib/schemas'
import { isSafeUrl } from '~/lib/safe-url'
import { EMAIL_MAX, hasNoNul } from './limits'

/** An e-mail address, trimmed: required, at most EMAIL_MAX characters, and well formed. */
export const emailRule = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Please enter a valid email address'))

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

export function requiredText(label: string, max: number) {
  return z
    .string()
    .refine((value) => value.trim() !== '', `${label} is required`)
    .refine((value) => value.length <= max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`)
}

export function optionalText(label: string, max: number) {
  return z
    .string()
    .refine((value) => value.length <= max, `${label} must be at most ${max} characters`)
    .refine(hasNoNul, `${label} contains a character that is not allowed`)
}

export const slugRule = z
  .string()
  .min(1, 'Slug is required')
  .max(120, 'Slug must be at most 120 characters')
  .regex(SLUG_PATTERN, 'Use lowercase letters, digits and single hyphens (for example core-banking)')

export function urlRule(label: string) {
  return z
    .string()
    .min(1, `${label} is required`)
    .max(2048, `${label} is too long`)
    .refine(isSafeUrl, `${label} must start with http://, https:// or a single /`)
}

export function optionalUrlRule(label: string) {
  return z
    .string()
    .max(2048, `${label} is too long`)
    .refine((value) => value.trim() === '' || isSafeUrl(value.trim()), `${label} must start with http://, https:// or a single /`)
}
