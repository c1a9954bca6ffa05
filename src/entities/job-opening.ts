// An opening on /careers and its own page, /careers/{slug}; inactive and closed ones stay in the
// back office only.
import { z } from '~/lib/schemas'
import type { Tables } from '~/lib/database.types'
import { entityMessages } from './messages'
import { requiredHtmlText } from './html-rules'
import { optionalText, requiredText, SLUG_PATTERN } from './rules'

export type JobOpening = Tables<'job_openings'>

export const JOB_TYPES = ['Full-time', 'Part-time', 'Contract', 'Internship'] as const

/** The periods a salary can be given for, as schema.org's unitText names them. */
export const SALARY_UNITS = [
  { value: 'YEAR', label: 'per year' },
  { value: 'MONTH', label: 'per month' },
  { value: 'WEEK', label: 'per week' },
  { value: 'DAY', label: 'per day' },
  { value: 'HOUR', label: 'per hour' },
] as const

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/

/** A salary figure as the form holds it ('' when none), as a number or null. */
function amountOf(value: string): number | null {
  const text = value.trim().replaceAll(',', '')
  return text === '' ? null : Number(text)
}

function salaryAmount(label: string) {
  return z
    .string()
    .refine((value) => value.trim() === '' || AMOUNT.test(value.trim().replaceAll(',', '')), `${label}: a number such as 450000`)
    .transform(amountOf)
}

// The row stores codes in capitals, the description sanitized, blank optional text as null, and a
// currency and period only with a salary figure.
export const jobOpeningSchema = z
  .object({
    title: requiredText('Job Title', 200),
    // '' makes one from the title.
    slug: z
      .string()
      .trim()
      .max(120, 'Slug must be at most 120 characters')
      .refine((value) => value === '' || SLUG_PATTERN.test(value), 'Use lowercase letters, digits and single hyphens (for example product-designer)'),
    location: requiredText('Location', 200),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'Country: the two-letter code, such as NG')
      .transform((code) => code.toUpperCase()),
    street_address: optionalText('Street address', 200),
    region: optionalText('Region', 100),
    remote: z.boolean(),
    department: requiredText('Department', 100),
    type: z.enum(JOB_TYPES),
    salary_min: salaryAmount('Salary from'),
    salary_max: salaryAmount('Salary to'),
    salary_currency: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{3})?$/, 'Currency: the three-letter code, such as NGN')
      .transform((code) => (code === '' ? null : code.toUpperCase())),
    salary_unit: z.enum(['', ...SALARY_UNITS.map((unit) => unit.value)]).transform((unit) => (unit === '' ? null : unit)),
    // A role's page is a JobPosting, which search engines refuse without a description.
    description: requiredHtmlText('Description', 50000),
    requirements: optionalText('Requirements', 20000),
    // A new opening is visible at once.
    active: z.boolean().default(true),
    // '' for an opening that stays open until deactivated; stored in UTC.
    closes_at: z
      .string()
      .refine((value) => value === '' || !Number.isNaN(Date.parse(value)), 'Choose a valid closing date and time')
      .transform((value) => (value === '' ? null : new Date(value).toISOString())),
  })
  .superRefine((values, context) => {
    const { salary_min: min, salary_max: max } = values
    if (min === null && max === null) return
    if (values.salary_currency === null) context.addIssue({ code: 'custom', path: ['salary_currency'], message: 'Give the currency of the salary' })
    if (values.salary_unit === null) context.addIssue({ code: 'custom', path: ['salary_unit'], message: 'Give the period the salary is for' })
    if (min !== null && max !== null && max < min)
      context.addIssue({ code: 'custom', path: ['salary_max'], message: 'Salary to must not be below Salary from' })
  })
  .transform((row) => (row.salary_min === null && row.salary_max === null ? { ...row, salary_currency: null, salary_unit: null } : row))

/** What the form holds. */
export type JobOpeningInput = z.input<typeof jobOpeningSchema>
/** The row to write. */
export type JobOpeningValues = z.output<typeof jobOpeningSchema>

export const jobOpeningMessages = {
  ...entityMessages('job opening', 'job openings'),
  activated: 'Job opening activated successfully',
  deactivated: 'Job opening deactivated successfully',
}
