import type { Db } from '~/lib/supabase'
import { subscribeNewsletter } from '../api/subscribe-newsletter'
import { fieldErrorsOf, textValues } from '../form-result'
import { newsletterFields, newsletterSchema, type NewsletterField } from '../schemas'
import { answerSubmission, type Answer } from './submission.server'

export function handleNewsletterSubmission(db: Db, formData: FormData): Promise<Answer<NewsletterField>> {
  const values = textValues(formData, newsletterFields)
  const parsed = newsletterSchema.safeParse(values)
  return answerSubmission(
    formData,
    values,
    () => (parsed.success ? null : fieldErrorsOf<NewsletterField>(parsed.error)),
    () => subscribeNewsletter(db, parsed.data!),
    'newsletter form',
  )
}
