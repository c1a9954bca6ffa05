import { z } from 'zod'
import { optionalText, requiredText } from '~/entities/rules'

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const

export const jobSchema = z.object({
  title: requiredText('Job Title', 200),
  location: requiredText('Location', 200),
  department: requiredText('Department', 100),
  type: z.enum(JOB_TYPES),
  description: optionalText('Description', 20000),
  requirements: optionalText('Requirements', 20000),
  active: z.boolean(),
})

export type JobValues = z.infer<typeof jobSchema>
