import type { Db } from '~/lib/supabase'
import { subscribeNewsletter } from '../api/subscribers'
import { fieldErrorsOf } from '~/entities/limits'
import { echoedValues, textValues } from '../form-result'
import { newsletterLimits, newsletterSchema, type NewsletterField } from '../schemas'
import { answerSubmission, type Answer } from './submission.server'

export function handleNewsletterSubmission(db: Db, formData: FormData): Promise<Answer<NewsletterField>> {
  const values = textValues(formData, newsletterLimits)
  const parsed = newsletterSchema.safeParse(values)
  return answerSubmission(
    formData,
    echoedValues(values, newsletterLimits),
    () => (parsed.success ? null : fieldErrorsOf<NewsletterField>(parsed.error)),
    () => subscribeNewsletter(db, parsed.data!),
    'newsletter form',
  )
}
