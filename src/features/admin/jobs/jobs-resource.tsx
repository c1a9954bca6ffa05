// The Job Openings screen: each opening with its state, switched on and off in one click.
import { JOB_TYPES, jobOpeningMessages, jobOpeningSchema, type JobOpening, type JobOpeningValues } from '~/entities/job-opening'
import { dialogLabels } from '../components/resource-form'
import type { ResourceDescription } from '../components/resource-screen'
import { EditAndRemove, ToggleButton } from '../components/item-parts'
import { badge, card } from '../components/styles'
import { ZonedDateTime } from '../components/zoned-date-time'
import { useNow, useTimeZone } from '../lib/time-zone'
import { formatZoned } from '~/lib/zoned-time'

/** "Closes 2 Dec, 09:00" ahead of the closing date, "Closed" after it. */
function ClosingDate({ job }: { job: JobOpening }) {
  const zone = useTimeZone()
  const now = useNow()
  if (!job.closes_at) return null
  const closed = Date.parse(job.closes_at) <= now
  return (
    <span className={`${badge} ${closed ? 'bg-slate-100 text-slate-700' : 'bg-sky-50 text-sky-900'}`}>
      {closed ? 'Closed' : `Closes ${formatZoned(job.closes_at, zone)}`}
    </span>
  )
}

export const jobsResource: ResourceDescription<JobOpening, JobOpeningValues, JobOpeningValues> = {
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
          {job.department} · {job.location} · {job.type}
        </p>
        {job.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{job.description}</p> : null}
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
  form: {
    schema: jobOpeningSchema,
    draftKey: 'job',
    initial: (item) => ({
      title: item?.title ?? '',
      location: item?.location ?? '',
      department: item?.department ?? '',
      type: JOB_TYPES.find((type) => type === item?.type) ?? 'Full-time',
      description: item?.description ?? '',
      requirements: item?.requirements ?? '',
      active: item?.active ?? true,
      closes_at: item?.closes_at ?? '',
    }),
    ...dialogLabels('Job Opening', 'Add New Job Opening'),
    parts: [
      { name: 'title', label: 'Job Title' },
      [
        { name: 'location', label: 'Location' },
        { name: 'department', label: 'Department' },
        { name: 'type', label: 'Type', kind: 'select', options: JOB_TYPES },
      ],
      { name: 'description', label: 'Description', kind: 'textarea', rows: 4 },
      { name: 'requirements', label: 'Requirements', kind: 'textarea', rows: 4 },
      { name: 'active', label: 'Active (visible on careers page)', kind: 'checkbox' },
      (form) => <ZonedDateTime control={form.control} name="closes_at" label="Closing date (optional)" hint="After it the opening leaves the careers page." />,
    ],
  },
  versions: 'job_openings',
}
