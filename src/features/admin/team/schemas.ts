import { z } from 'zod'
import { optionalUrlRule, requiredText, urlRule } from '~/entities/rules'

export const teamMemberSchema = z.object({
  name: requiredText('Name', 200),
  position: requiredText('Position', 200),
  bio: requiredText('Bio', 5000),
  avatar: urlRule('Avatar URL'),
  linkedin_url: optionalUrlRule('LinkedIn URL'),
  twitter_url: optionalUrlRule('Twitter URL'),
})

export type TeamMemberValues = z.infer<typeof teamMemberSchema>
