// A product on the solutions pages. Its `features` column is JSON: a list of {title, description}.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { requiredText, slugRule } from './rules'
import { searchFieldsSchema } from './search-fields'

export type Solution = Tables<'solutions'>

export const SOLUTION_ICONS = ['Landmark', 'Bot', 'CreditCard', 'Users', 'GraduationCap', 'Code2'] as const
export const SOLUTION_STATUSES = ['Live', 'Development', 'Available'] as const

/** One stored feature: a title that says something; a missing description reads as empty. */
export const solutionFeatureSchema = z.object({
  title: z.string().trim().min(1).max(200),
  description: z.string().max(2000).catch(''),
})

export type SolutionFeature = z.infer<typeof solutionFeatureSchema>

/** The features column as readers use it: only the well-formed entries, in their order. */
export function featuresOf(value: unknown): SolutionFeature[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const parsed = solutionFeatureSchema.safeParse(item)
    return parsed.success ? [parsed.data] : []
  })
}

// The form edits each feature and audience entry in its own row, and may leave some empty; the row
// stores the filled ones, trimmed, as a list of features and a list of audience names.
export const solutionSchema = z
  .object({
    title: requiredText('Title', 200),
    slug: slugRule,
    category: requiredText('Category', 100),
    icon: z.enum(SOLUTION_ICONS),
    status: z.enum(SOLUTION_STATUSES),
    url: requiredText('URL', 2048).refine((value) => !/^\s*(javascript|data|vbscript):/i.test(value), 'URL must be a web address or "Contact Us"'),
    shortdescription: requiredText('Short description', 1000),
    longdescription: requiredText('Long description', 20000),
    metadescription: requiredText('Meta description', 500),
    features: z
      .array(z.object({ title: z.string().max(200), description: z.string().max(2000) }))
      .max(50)
      .transform((features) =>
        features.map((f) => ({ title: f.title.trim(), description: f.description.trim() })).filter((f) => f.title !== '' && f.description !== ''),
      ),
    targetaudience: z
      .array(z.object({ value: z.string().max(200) }))
      .max(50)
      .transform((audience) => audience.map((a) => a.value.trim()).filter((a) => a !== '')),
  })
  .extend(searchFieldsSchema.omit({ seo_description: true }).shape)

/** What the form holds. */
export type SolutionInput = z.input<typeof solutionSchema>
/** The row to write. */
export type SolutionValues = z.output<typeof solutionSchema>

export const solutionMessages = entityMessages('solution', 'solutions')
