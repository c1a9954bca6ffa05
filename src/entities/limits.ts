// Limits the forms show as they are typed (maxLength) and the schemas check, kept free of zod so a
// page can render its form without loading the validation library.

/** The longest e-mail address there is (RFC 5321's path limit), as every form and the database take it. */
export const EMAIL_MAX = 254

/** The database cannot store a NUL character in text; no person types one. */
export const hasNoNul = (value: string) => !value.includes('\0')
