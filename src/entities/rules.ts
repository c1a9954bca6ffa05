// Field rules shared by the entities' zod schemas, mirroring the database's CHECK constraints so a
// form refuses what the database would refuse, with a message beside the field.
import { z } from '~/lib/schemas'
import { isSafeUrl } from '~/lib/safe-url'

export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/

export function requiredText(label: string, max: number) {
  return z
    .string()
    .refine((value) => value.trim() !== '', `${label} is required`)
    .refine((value) => value.length <= max, `${label} must be at most ${max} characters`)
}

export function optionalText(label: string, max: number) {
  return z.string().refine((value) => value.length <= max, `${label} must be at most ${max} characters`)
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
