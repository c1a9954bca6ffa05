import type { Db } from '~/lib/supabase'
import { sendContactMessage } from '../api/contact-messages'
import { fieldErrorsOf } from '~/entities/limits'
import { echoedValues, textValues } from '../form-result'
import { contactLimits, contactSchema, type ContactField } from '../schemas'
import { answerSubmission, type Answer } from './submission.server'

export function handleContactSubmission(db: Db, formData: FormData): Promise<Answer<ContactField>> {
  const values = textValues(formData, contactLimits)
  const parsed = contactSchema.safeParse(values)
  return answerSubmission(
    formData,
    echoedValues(values, contactLimits),
    () => (parsed.success ? null : fieldErrorsOf<ContactField>(parsed.error)),
    () => sendContactMessage(db, parsed.data!),
    'contact form',
  )
}
