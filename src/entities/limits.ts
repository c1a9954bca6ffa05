// What the forms and their schemas share, kept free of zod so a page can render its form without
// loading the validation library: the limits shown as they are typed (maxLength) and checked, and
// which field a schema's complaint belongs to.

/** The longest e-mail address there is (RFC 5321's path limit), as every form and the database take it. */
export const EMAIL_MAX = 254

/** The database cannot store a NUL character in text; no person types one. */
export const hasNoNul = (value: string) => !value.includes('\0')

/** A form's messages by field name. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>

/**
 * The first message for each field of a failed parse. A field is named by the issue's whole path
 * joined with dots ("content.title", "targetaudience.0.value"), the name react-hook-form gives a
 * nested field; a flat form's field is its own name. A complaint about no field is left out.
 */
export function fieldErrorsOf<K extends string = string>(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): FieldErrors<K> {
  const errors: Partial<Record<string, string>> = {}
  for (const { path, message } of error.issues) if (path.length) errors[path.map(String).join('.')] ??= message
  return errors
}
