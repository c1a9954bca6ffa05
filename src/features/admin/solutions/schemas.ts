import { z } from 'zod'
import { requiredText, slugRule } from '~/entities/rules'

export const SOLUTION_ICONS = ['Landmark', 'Bot', 'CreditCard', 'Users', 'GraduationCap', 'Code2'] as const
export const SOLUTION_STATUSES = ['Live', 'Development', 'Available'] as const

// Feature rows and audience entries may be left empty while editing; empty ones are dropped on save.
export const solutionSchema = z.object({
  title: requiredText('Title', 200),
  slug: slugRule,
  category: requiredText('Category', 100),
  icon: z.enum(SOLUTION_ICONS),
  status: z.enum(SOLUTION_STATUSES),
  url: requiredText('URL', 2048).refine((value) => !/^\s*(javascript|data|vbscript):/i.test(value), 'URL must be a web address or "Contact Us"'),
  shortdescription: requiredText('Short description', 1000),
  longdescription: requiredText('Long description', 20000),
  metadescription: requiredText('Meta description', 500),
  features: z.array(z.object({ title: z.string().max(200), description: z.string().max(2000) })).max(50),
  targetaudience: z.array(z.object({ value: z.string().max(200) })).max(50),
})

export type SolutionValues = z.infer<typeof solutionSchema>
