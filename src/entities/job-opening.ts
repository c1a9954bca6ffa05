// An opening on /careers; inactive ones stay in the back office only.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { optionalText, requiredText } from './rules'

export type JobOpening = Tables<'job_openings'>

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const

export const jobOpeningSchema = z.object({
  title: requiredText('Job Title', 200),
  location: requiredText('Location', 200),
  department: requiredText('Department', 100),
  type: z.enum(JOB_TYPES),
  description: optionalText('Description', 20000),
  requirements: optionalText('Requirements', 20000),
  active: z.boolean(),
  // UTC, or '' for an opening that stays open until deactivated.
  closes_at: z.string().refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'Choose a valid closing date and time'),
})

export type JobOpeningValues = z.infer<typeof jobOpeningSchema>

export const jobOpeningMessages = {
  ...entityMessages('job opening', 'job openings'),
  activated: 'Job opening activated successfully',
  deactivated: 'Job opening deactivated successfully',
}
