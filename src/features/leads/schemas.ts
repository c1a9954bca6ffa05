// One schema per lead form, used by the browser before sending and by the action on arrival. The
// database repeats each rule as a constraint (supabase/migrations/*_leads.sql).
import { z } from 'zod'

const required = (label: string, max: number) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)

const email = z
  .string({ message: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'))

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null))

export const contactFields = ['firstName', 'lastName', 'email', 'interestedIn', 'message'] as const
export type ContactField = (typeof contactFields)[number]

export const contactSchema = z.object({
  firstName: required('First name', 100),
  lastName: required('Last name', 100),
  email,
  interestedIn: optionalText('Interested in', 200),
  message: required('Message', 5000),
})
export type ContactInput = z.infer<typeof contactSchema>

export const newsletterFields = ['email'] as const
export type NewsletterField = (typeof newsletterFields)[number]

export const newsletterSchema = z.object({ email })
export type NewsletterInput = z.infer<typeof newsletterSchema>

export const CV_MAX_BYTES = 5 * 1024 * 1024
export const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const
export const CV_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'
export const CV_TYPE_MESSAGE = 'Please choose a PDF, DOC or DOCX file.'
export const CV_SIZE_MESSAGE = 'The CV must be at most 5 MB.'
export const CV_REQUIRED_MESSAGE = 'Please attach your CV.'

// A File from any realm (the browser's, Node's form parser, a test DOM): judged by its shape.
function isChosenFile(value: unknown): value is File {
  if (typeof value !== 'object' || value === null) return false
  const file = value as Partial<File>
  return typeof file.name === 'string' && file.name !== '' && typeof file.size === 'number' && file.size > 0 && typeof file.arrayBuffer === 'function'
}

/** What the browser can check about a CV before sending it: present, right extension, size. */
export const cvFileSchema = z
  .custom<File>(isChosenFile, CV_REQUIRED_MESSAGE)
  .refine((file) => CV_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(`.${ext}`)), CV_TYPE_MESSAGE)
  .refine((file) => file.size <= CV_MAX_BYTES, CV_SIZE_MESSAGE)

export const applicationFields = ['name', 'email', 'phone', 'coverNote'] as const
export type ApplicationField = (typeof applicationFields)[number] | 'cv'

export const applicationSchema = z.object({
  name: required('Name', 200),
  email,
  phone: z
    .string()
    .trim()
    .max(40, 'Phone must be at most 40 characters')
    .regex(/^[0-9+()./ -]*$/, 'Phone may contain only digits, spaces and + ( ) . / -')
    .optional()
    .transform((value) => (value ? value : null)),
  coverNote: optionalText('Cover note', 5000),
  cv: cvFileSchema,
})
export type ApplicationInput = z.infer<typeof applicationSchema>
