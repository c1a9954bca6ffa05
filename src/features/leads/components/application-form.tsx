// The job application form, on the role's own page, posting to that page: without JavaScript the
// page comes back with the confirmation or the errors; with it the form stays where it is. The CV's
// type and size are checked in the browser before anything is sent.
import type { FormResult } from '../form-result'
import { CV_ACCEPT } from '../cv-file'
import type { ApplicationField } from '../schemas'
import { FormField, inputClass } from './form-field'
import { FormMessage } from './form-message'
import { HoneypotField } from './honeypot-field'
import { SubmitButton } from './submit-button'
import { useHydrated } from '~/lib/use-hydrated'
import { useLeadForm } from './use-lead-form'
import { EMAIL_MAX } from '~/entities/limits'

// The schema (and zod) loads when the visitor first focuses the form, not with the page. Only the
// browser ever calls this, so the server build leaves the dynamic import out.
const loadApplicationSchema = () =>
  import.meta.env.SSR
    ? Promise.reject(new Error('The application schema loads in the browser'))
    : import('../schemas').then((schemas) => schemas.applicationSchema)

export const APPLICATION_CONFIRMATION = "Thank you for applying! We've received your application and will be in touch."

interface ApplicationFormProps {
  job: { title: string }
  /** Where the form posts: the role's page. */
  action: string
  result?: FormResult<ApplicationField>
}

export function ApplicationForm({ job, action, result }: ApplicationFormProps) {
  const { fetcher, formRef, onSubmit, onFocus, busy, fieldErrors, formError, accepted, values } = useLeadForm<ApplicationField>(loadApplicationSchema, result)
  const hydrated = useHydrated()
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      onSubmit={onSubmit}
      onFocus={onFocus}
      noValidate={hydrated}
      aria-label={`Apply for ${job.title}`}
      className="relative space-y-4"
    >
      <HoneypotField />
      <FormField label="Full Name" error={fieldErrors.name}>
        {(control) => <input {...control} name="name" autoComplete="name" required maxLength={200} defaultValue={values.name} className={inputClass} />}
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
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
        <FormField label="Phone" error={fieldErrors.phone} optional>
          {(control) => <input {...control} type="tel" name="phone" autoComplete="tel" maxLength={40} defaultValue={values.phone} className={inputClass} />}
        </FormField>
      </div>
      <FormField label="Cover Note" error={fieldErrors.coverNote} optional>
        {(control) => <textarea {...control} name="coverNote" rows={4} maxLength={5000} defaultValue={values.coverNote} className={inputClass} />}
      </FormField>
      <FormField label="CV (PDF, DOC or DOCX, max 5 MB)" error={fieldErrors.cv}>
        {(control) => (
          <input
            {...control}
            type="file"
            name="cv"
            required
            accept={CV_ACCEPT}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-4 file:rounded-md file:border-0 file:bg-slate-100 file:px-4 file:py-2 file:font-medium file:text-slate-800 hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-brand-primary"
          />
        )}
      </FormField>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          name="keepForFutureRoles"
          value="yes"
          defaultChecked={values.keepForFutureRoles === 'yes'}
          className="mt-0.5 size-4 rounded border-slate-300 text-brand-primary focus-visible:ring-2 focus-visible:ring-brand-primary/40"
        />
        <span>
          You may keep my application and CV to consider me for future roles (see our{' '}
          <a href="/privacy-policy" className="underline">
            privacy policy
          </a>{' '}
          for how long).
        </span>
      </label>
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {accepted ? <FormMessage kind="success">{APPLICATION_CONFIRMATION}</FormMessage> : null}
      <SubmitButton busy={busy} label="Submit Application" busyLabel="Submitting..." className="w-full" />
    </fetcher.Form>
  )
}
