// The Job Openings screen: each opening with its state, switched on and off in one click.
import { Eye, EyeOff } from 'lucide-react'
import { JOB_TYPES, jobOpeningMessages, jobOpeningSchema, type JobOpening, type JobOpeningValues } from '~/entities/job-opening'
import type { ResourceDescription } from '../components/resource-screen'
import { badge, card, iconButton } from '../components/styles'

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
          <span className={`${badge} ${job.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}>{job.active ? 'Active' : 'Inactive'}</span>
        </div>
        <p className="mt-0.5 text-xs text-slate-600">
          {job.department} · {job.location} · {job.type}
        </p>
        {job.description ? <p className="mt-1 line-clamp-2 text-sm text-slate-600">{job.description}</p> : null}
      </div>
      <div className="flex gap-1">
        <button
          type="button"
          className={iconButton}
          aria-label={`${job.active ? 'Deactivate' : 'Activate'} ${job.title}`}
          title={job.active ? 'Deactivate' : 'Activate'}
          onClick={() => controls.run({ intent: 'activate', id: job.id, active: !job.active })}
        >
          {job.active ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
        </button>
        {controls.edit}
        {controls.remove}
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
    }),
    titles: { create: 'Add New Job Opening', edit: 'Edit Job Opening' },
    submitLabels: { create: 'Create Job Opening', update: 'Update Job Opening' },
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
    ],
  },
}
