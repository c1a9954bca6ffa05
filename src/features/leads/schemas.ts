// One schema per lead form, used by the browser before sending and by the action on arrival. The
// database repeats each rule as a constraint (supabase/migrations/*_leads.sql).
import { z } from '~/lib/schemas'
import { EMAIL_MAX } from '~/entities/limits'
import { emailRule as email, optionalText as blankable, requiredText as required } from '~/entities/rules'
import { CV_MAX_BYTES } from './cv-file'

/** A field a visitor may leave out or blank: null then, as the database stores it. */
const optionalText = (label: string, max: number) =>
  blankable(label, max)
    .optional()
    .transform((value) => value ?? null)

/** Each contact field's longest value in characters: the schema's limits, and all a refusal echoes. */
export const contactLimits = { firstName: 100, lastName: 100, email: EMAIL_MAX, interestedIn: 200, message: 5000 } as const
export type ContactField = keyof typeof contactLimits

export const contactSchema = z.object({
  firstName: required('First name', contactLimits.firstName),
  lastName: required('Last name', contactLimits.lastName),
  email,
  interestedIn: optionalText('Interested in', contactLimits.interestedIn),
  message: required('Message', contactLimits.message),
})
export type ContactInput = z.infer<typeof contactSchema>

export const newsletterLimits = { email: EMAIL_MAX } as const
export type NewsletterField = keyof typeof newsletterLimits

export const newsletterSchema = z.object({ email })
export type NewsletterInput = z.infer<typeof newsletterSchema>

export const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const
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

export const applicationLimits = { name: 200, email: EMAIL_MAX, phone: 40, coverNote: 5000, keepForFutureRoles: 3 } as const
export type ApplicationField = keyof typeof applicationLimits | 'cv'

export const applicationSchema = z.object({
  name: required('Name', applicationLimits.name),
  email,
  phone: z
    .string()
    .trim()
    .max(applicationLimits.phone, `Phone must be at most ${applicationLimits.phone} characters`)
    .regex(/^[0-9+()./ -]*$/, 'Phone may contain only digits, spaces and + ( ) . / -')
    .optional()
    .transform((value) => (value ? value : null)),
  coverNote: optionalText('Cover note', applicationLimits.coverNote),
  // A checkbox: only a ticked one ("yes") is consent to being kept for future roles.
  keepForFutureRoles: z
    .string()
    .optional()
    .transform((value) => value === 'yes'),
  cv: cvFileSchema,
})
export type ApplicationInput = z.infer<typeof applicationSchema>
