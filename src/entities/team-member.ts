// A member of the team shown on /about, in the order staff choose.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { optionalUrlRule, requiredText, urlRule } from './rules'

export type TeamMember = Tables<'team_members'>

export const teamMemberSchema = z.object({
  name: requiredText('Name', 200),
  position: requiredText('Position', 200),
  bio: requiredText('Bio', 5000),
  avatar: urlRule('Avatar URL'),
  linkedin_url: optionalUrlRule('LinkedIn URL'),
  twitter_url: optionalUrlRule('Twitter URL'),
})

/** What the form holds. */
export type TeamMemberInput = z.input<typeof teamMemberSchema>
/** The row to write. */
export type TeamMemberValues = z.output<typeof teamMemberSchema>

export const teamMemberMessages = { ...entityMessages('team member', 'team members'), moveFailed: 'Failed to update order' }
