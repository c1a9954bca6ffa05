// A redirect from a path of this site to another path or URL; old post and solution addresses get
// one automatically when their slug changes.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'

export type Redirect = Tables<'redirects'>

export const REDIRECT_STATUSES = ['301', '302'] as const

const UNSAFE_TARGET_MESSAGE = 'The target cannot hold control characters or characters that look like / . ? # or @: type them on an ordinary keyboard'
/** Control and invisible format characters, and the ideographic full stop (a dot to a browser's host parser). */
// eslint-disable-next-line no-control-regex -- control characters are the point
const CONTROL_OR_INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3002\ufeff]/
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/

/** The database's rule (private.unsafe_url_characters): also any non-ASCII character whose compatibility form is punctuation, like ／ or ．. */
function hasUnsafeCharacters(target: string): boolean {
  return CONTROL_OR_INVISIBLE.test(target) || [...target].some((c) => c > '~' && ASCII_PUNCTUATION.test(c.normalize('NFKC')))
}

export const redirectSchema = z.object({
  from_path: z
    .string()
    .trim()
    .min(1, 'From path is required')
    .max(500, 'From path must be at most 500 characters')
    .regex(/^\/[^\s?#]*$/, 'Start with / (for example /old-page), without spaces, ? or #')
    .refine((path) => !/^\/(admin|assets|rest|auth|storage)(\/|$)/i.test(path), 'The back office and the APIs cannot be redirected'),
  to_path: z
    .string()
    .trim()
    .min(1, 'To is required')
    .max(2048, 'To must be at most 2048 characters')
    .refine((to) => !hasUnsafeCharacters(to), UNSAFE_TARGET_MESSAGE)
    .regex(/^(\/(?!\/)\S*|https?:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#]\S*)?)$/i, 'Use a path starting with / or a URL starting with http:// or https://'),
  // A choice in the form, a number in the row.
  status_code: z.enum(REDIRECT_STATUSES).transform(Number),
})

/** What the form holds. */
export type RedirectInput = z.input<typeof redirectSchema>
/** The row to write. */
export type RedirectValues = z.output<typeof redirectSchema>

export const redirectMessages = entityMessages('redirect', 'redirects', {
  confirmDelete: 'Are you sure you want to delete this redirect? Links to its path will stop working.',
})
