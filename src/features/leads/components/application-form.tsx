// The job application form: in the Apply Now dialog with JavaScript, on /careers/{id}/apply without.
// The CV's type and size are checked in the browser before anything is sent.
import type { FormResult } from '../form-result'
import { applicationSchema, CV_ACCEPT, type ApplicationField } from '../schemas'
import { FormField, inputClass } from './form-field'
import { FormMessage } from './form-message'
import { HoneypotField } from './honeypot-field'
import { SubmitButton } from './submit-button'
import { useHydrated } from '~/lib/use-hydrated'
import { useLeadForm } from './use-lead-form'
import { EMAIL_MAX } from '~/entities/rules'

export const APPLICATION_CONFIRMATION = "Thank you for applying! We've received your application and will be in touch."

export function applyPath(jobId: string): string {
  return `/careers/${jobId}/apply`
}

interface ApplicationFormProps {
  job: { id: string; title: string }
  result?: FormResult<ApplicationField>
}

export function ApplicationForm({ job, result }: ApplicationFormProps) {
  const { fetcher, formRef, onSubmit, busy, fieldErrors, formError, accepted, values } = useLeadForm<ApplicationField>(applicationSchema, result)
  const hydrated = useHydrated()
  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={applyPath(job.id)}
      encType="multipart/form-data"
      onSubmit={onSubmit}
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
      {formError ? <FormMessage kind="error">{formError}</FormMessage> : null}
      {accepted ? <FormMessage kind="success">{APPLICATION_CONFIRMATION}</FormMessage> : null}
      <SubmitButton busy={busy} label="Submit Application" busyLabel="Submitting..." className="w-full" />
    </fetcher.Form>
  )
}
