// The footer's newsletter sign-up (every page). Posts to the leads/newsletter action; the address
// is subscribed once the link e-mailed to it is opened, and signing up twice is not an error.
import { useId } from 'react'
import type { FormResult } from '../form-result'
import type { NewsletterField } from '../schemas'
import { FormMessage } from './form-message'
import { HoneypotField } from './honeypot-field'
import { SubmitButton } from './submit-button'
import { useHydrated } from '~/lib/use-hydrated'
import { useLeadForm } from './use-lead-form'
import { EMAIL_MAX } from '~/entities/limits'

// The same answer whether the address was new, pending or subscribed: it reveals nothing.
export const NEWSLETTER_CONFIRMATION = 'Check your inbox to confirm your subscription.'
export const NEWSLETTER_ACTION = '/leads/newsletter'

// In every page's footer: its schema (and zod) loads when the visitor first focuses the form. Only
// the browser ever calls this, so the server build leaves the dynamic import out.
const loadNewsletterSchema = () =>
  import.meta.env.SSR
    ? Promise.reject(new Error('The newsletter schema loads in the browser'))
    : import('../schemas').then((schemas) => schemas.newsletterSchema)

interface NewsletterFormProps {
  /** The action's answer, on the page it renders without JavaScript. */
  result?: FormResult<NewsletterField>
  /** 'dark' on a dark background (the footer): lighter error text, the light-blue button. */
  tone?: 'light' | 'dark'
}

export function NewsletterForm({ result, tone = 'light' }: NewsletterFormProps = {}) {
  const { fetcher, formRef, onSubmit, onFocus, busy, fieldErrors, formError, accepted, values } = useLeadForm<NewsletterField>(loadNewsletterSchema, result)
  const hydrated = useHydrated()
  const inputId = useId()
  const errorId = `${inputId}-error`
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={NEWSLETTER_ACTION}
      onSubmit={onSubmit}
      onFocus={onFocus}
      noValidate={hydrated}
      aria-label="Newsletter"
      className="relative space-y-2"
    >
      <HoneypotField />
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Email address
        </label>
        <input
          id={inputId}
          type="email"
          name="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          placeholder="Enter your email"
          defaultValue={values.email}
          aria-invalid={Boolean(fieldErrors.email)}
          aria-describedby={fieldErrors.email ? errorId : undefined}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-primary focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-primary/40"
        />
        <SubmitButton busy={busy} label="Subscribe" busyLabel="Subscribing..." variant={tone === 'dark' ? 'light' : 'primary'} />
      </div>
      {fieldErrors.email ? (
        <p id={errorId} className={`text-sm ${tone === 'dark' ? 'text-red-300' : 'text-red-700'}`}>
          {fieldErrors.email}
        </p>
      ) : null}
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {accepted ? <FormMessage kind="success">{NEWSLETTER_CONFIRMATION}</FormMessage> : null}
    </fetcher.Form>
  )
}
