// The /contact form. Posts to the leads/contact action: a full page post without JavaScript, a
// fetcher with it (inline errors, inline confirmation, the form reset).
import type { FormResult } from '../form-result'
import { contactSchema, type ContactField } from '../schemas'
import { FormField, inputClass } from './form-field'
import { FormMessage } from './form-message'
import { HoneypotField } from './honeypot-field'
import { SubmitButton } from './submit-button'
import { useHydrated } from '~/lib/use-hydrated'
import { useLeadForm } from './use-lead-form'
import { EMAIL_MAX } from '~/entities/limits'

export const CONTACT_CONFIRMATION = "Thank you! We'll be in touch shortly."
export const CONTACT_ACTION = '/leads/contact'

interface ContactFormProps {
  solutions: { slug: string; title: string }[]
  /** A solution's slug or title to preselect under 'interested in' (e.g. from ?interest=banking). */
  interestedIn?: string
  /** The action's answer, on the page it renders without JavaScript. */
  result?: FormResult<ContactField>
}

export function ContactForm({ solutions, interestedIn, result }: ContactFormProps) {
  const { fetcher, formRef, onSubmit, busy, fieldErrors, formError, accepted, values } = useLeadForm<ContactField>(contactSchema, result)
  const hydrated = useHydrated()
  const wanted = interestedIn?.toLowerCase()
  const preselected = solutions.find((s) => s.slug.toLowerCase() === wanted || s.title.toLowerCase() === wanted)?.title ?? ''

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={CONTACT_ACTION}
      onSubmit={onSubmit}
      noValidate={hydrated}
      aria-label="Contact form"
      className="relative space-y-5"
    >
      <HoneypotField />
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label="First Name" error={fieldErrors.firstName}>
          {(control) => (
            <input {...control} name="firstName" autoComplete="given-name" required maxLength={100} defaultValue={values.firstName} className={inputClass} />
          )}
        </FormField>
        <FormField label="Last Name" error={fieldErrors.lastName}>
          {(control) => (
            <input {...control} name="lastName" autoComplete="family-name" required maxLength={100} defaultValue={values.lastName} className={inputClass} />
          )}
        </FormField>
      </div>
      <FormField label="Email" error={fieldErrors.email}>
        {(control) => (
          <input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX}
            defaultValue={values.email}
            className={inputClass}
          />
        )}
      </FormField>
      <FormField label="Interested In" error={fieldErrors.interestedIn} optional>
        {(control) => (
          <select {...control} name="interestedIn" defaultValue={values.interestedIn ?? preselected} className={inputClass}>
            <option value="">Select a solution</option>
            {solutions.map((solution) => (
              <option key={solution.slug} value={solution.title}>
                {solution.title}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Message" error={fieldErrors.message}>
        {(control) => <textarea {...control} name="message" rows={5} required maxLength={5000} defaultValue={values.message} className={inputClass} />}
      </FormField>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {accepted ? <FormMessage kind="success">{CONTACT_CONFIRMATION}</FormMessage> : null}
      <SubmitButton busy={busy} label="Send Message" busyLabel="Sending..." className="w-full sm:w-auto" />
    </fetcher.Form>
  )
}
