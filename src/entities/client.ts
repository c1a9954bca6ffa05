// A client of the company: its logo (or an icon when it has none) on the public site.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { optionalUrlRule, requiredText } from './rules'

export type Client = Tables<'clients'>

export const CLIENT_ICONS = ['Building', 'Feather', 'Globe', 'Zap', 'Sun', 'Wind', 'Anchor', 'Gem'] as const
export type ClientIconName = (typeof CLIENT_ICONS)[number]

export const clientSchema = z.object({
  name: requiredText('Name', 200),
  icon: z.enum(CLIENT_ICONS, 'Choose an icon'),
  logo_url: optionalUrlRule('Logo URL'),
})

/** What the form holds. */
export type ClientInput = z.input<typeof clientSchema>
/** The row to write. */
export type ClientValues = z.output<typeof clientSchema>

export const clientMessages = entityMessages('client', 'clients')
