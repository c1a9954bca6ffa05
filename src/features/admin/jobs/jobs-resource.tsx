// The Job Openings screen: each opening with its state, switched on and off in one click; and each
// opening's page, its description (HTML, edited as a post's body is) and requirements in the
// writing column, the rest in its settings.
import { Controller } from 'react-hook-form'
import { formValuesOf } from '~/entities/form-values'
import {
  JOB_TYPES,
  jobOpeningMessages,
  jobOpeningSchema,
  SALARY_UNITS,
  type JobOpening,
  type JobOpeningInput,
  type JobOpeningValues,
} from '~/entities/job-opening'
import { ContentEditor } from '../blog/components/content-editor'
import { Field } from '../components/field'
import { SettingsSection } from '../components/editor-page'
import { HistoryButton } from '../components/history-panel'
import { dialogLabels } from '../components/resource-form'
import type { PageDescription } from '../components/resource-page'
import type { ResourceDescription } from '../components/resource-screen'
import { EditAndRemove, ToggleButton } from '../components/item-parts'
import { badge, card } from '../components/styles'
import { ZonedDateTime } from '../components/zoned-date-time'
import { useFormatTime, useNow } from '../lib/time-zone'
import { useAdminAction } from '../lib/use-admin-action'
import { ReviewPanel } from '../reviews/components/review-panel'

/** "Closes 2 Dec, 09:00" ahead of the closing date, "Closed" after it. */
function ClosingDate({ job }: { job: JobOpening }) {
  const formatTime = useFormatTime()
  const now = useNow()
  if (!job.closes_at) return null
  const closed = Date.parse(job.closes_at) <= now
  return (
    <span className={`${badge} ${closed ? 'bg-slate-100 text-slate-700' : 'bg-sky-50 text-sky-900'}`}>
      {closed ? 'Closed' : `Closes ${formatTime(job.closes_at)}`}
    </span>
  )
}

/** The words of a stored description, for the list's two-line summary (shown as text, never as HTML). */
function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
}

/** A saved job opening's review and history, in its settings. */
function SavedJob({ job, restarted }: { job: JobOpening; restarted: () => void }) {
  const action = useAdminAction()
  return (
    <>
      <SettingsSection title="Review">
        <ReviewPanel kind="job" id={job.id} name={job.title} live={job.active} run={(body) => void action.submit(body)} />
      </SettingsSection>
      <SettingsSection title="History">
        <HistoryButton table="job_openings" id={job.id} name={job.title} current={job} label="History" onRestored={restarted} />
      </SettingsSection>
    </>
  )
}

export const jobsResource: ResourceDescription<JobOpening, JobOpeningInput, JobOpeningValues> = {
  title: 'Job Openings',
  subtitle: 'Manage career opportunities',
  addLabel: 'Add Job Opening',
  messages: jobOpeningMessages,
  label: (job) => job.title,
  search: { placeholder: 'Search jobs...', text: (j) => [j.title, j.department, j.location, j.type] },
  listClass: 'grid gap-2',
  Item: ({ row: job, controls }) => (
    <li className={`${card} flex flex-wrap items-start gap-3 p-4`}>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-medium text-slate-900">{job.title}</h2>
          <span className={`${badge} ${job.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>
            {job.active ? 'Active' : 'Inactive'}
          </span>
          <ClosingDate job={job} />
        </div>
        <p className="mt-0.5 text-xs text-slate-600">
          /careers/{job.slug} · {job.department} · {job.location}
          {job.remote ? ' (remote)' : ''} · {job.type}
        </p>
        {job.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{textOf(job.description)}</p> : null}
      </div>
      <div className="flex gap-1">
        <ToggleButton
          on={job.active}
          labels={{ on: 'Activate', off: 'Deactivate' }}
          name={job.title}
          onClick={() => controls.run({ intent: 'activate', id: job.id, active: !job.active })}
        />
        <EditAndRemove controls={controls} />
      </div>
    </li>
  ),
  page: (job) => `/admin/jobs/${job?.id ?? 'new'}`,
  versions: 'job_openings',
  review: { kind: 'job', live: (job) => job.active },
}

export const jobPage: PageDescription<JobOpening, JobOpeningInput, JobOpeningValues> = {
  schema: jobOpeningSchema,
  draftKey: 'job',
  initial: (item) => formValuesOf(jobOpeningSchema, item),
  ...dialogLabels('Job Opening', 'Add New Job Opening'),
  list: { path: '/admin/jobs', label: 'Job openings' },
  settingsTitle: 'Job settings',
  main: [
    { name: 'title', label: 'Job Title', kind: 'title', placeholder: 'Job title' },
    (form) => (
      <Controller
        control={form.control}
        name="description"
        render={({ field, fieldState }) => (
          <Field label="Description" error={fieldState.error?.message} hint="Write visually, or edit the HTML itself">
            <ContentEditor label="Description" folder="jobs" value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          </Field>
        )}
      />
    ),
    { name: 'requirements', label: 'Requirements', kind: 'longtext', rows: 6 },
  ],
  mainFields: ['title', 'description', 'requirements'],
  settings: [
    {
      title: 'Visibility',
      parts: [
        { name: 'active', label: 'Active (visible on careers page)', kind: 'checkbox' },
        (form) => (
          <ZonedDateTime control={form.control} name="closes_at" label="Closing date (optional)" hint="After it the opening leaves the careers page." />
        ),
      ],
    },
    {
      title: 'Role',
      parts: [
        { name: 'slug', label: 'Slug', hint: 'The page is /careers/{slug}. Leave empty to make one from the title; a new slug redirects the old address.' },
        { name: 'department', label: 'Department' },
        { name: 'type', label: 'Type', kind: 'select', options: JOB_TYPES },
      ],
    },
    {
      title: 'Place',
      parts: [
        { name: 'location', label: 'Location', hint: 'Town first, e.g. Lagos (Hybrid)' },
        { name: 'country', label: 'Country code', placeholder: 'NG', hint: 'Two letters (ISO 3166)' },
        {
          name: 'street_address',
          label: 'Street address (optional)',
          hint: "Where an on-site role works; left empty, the company's address when the role is in its town",
        },
        { name: 'region', label: 'Region (optional)', placeholder: 'Lagos', hint: 'State, province or county' },
        { name: 'remote', label: 'Fully remote (applicants may live anywhere in the country above)', kind: 'checkbox' },
      ],
    },
    {
      title: 'Pay',
      parts: [
        { name: 'salary_min', label: 'Salary from (optional)', placeholder: '450000' },
        { name: 'salary_max', label: 'Salary to (optional)' },
        { name: 'salary_currency', label: 'Currency', placeholder: 'NGN', hint: 'Three letters (ISO 4217)' },
        { name: 'salary_unit', label: 'Period', kind: 'select', options: [{ value: '', label: 'Choose…' }, ...SALARY_UNITS] },
      ],
    },
  ],
  saved: (job, restarted) => <SavedJob job={job} restarted={restarted} />,
}
