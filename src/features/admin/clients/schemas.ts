import { z } from 'zod'
import { optionalUrlRule, requiredText } from '../lib/schema-rules'

export const CLIENT_ICONS = ['Building', 'Feather', 'Globe', 'Zap', 'Sun', 'Wind', 'Anchor', 'Gem'] as const

export const clientSchema = z.object({
  name: requiredText('Name', 200),
  icon: z.enum(CLIENT_ICONS, 'Choose an icon'),
  logo_url: optionalUrlRule('Logo URL'),
})

export type ClientValues = z.infer<typeof clientSchema>
