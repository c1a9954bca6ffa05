import { Briefcase, Clock, MapPin } from 'lucide-react'
import { Badge } from '~/components/ui/badge'
import type { JobOpening } from '../api/job-openings'

export interface JobListProps {
  jobs: JobOpening[]
  /** The per-job 'Apply Now' control (the application form's link); nothing is rendered without it. */
  apply?: (job: { id: string; title: string }) => React.ReactNode
}

/** Active openings, newest first: title, department, location, type, and the description. */
export function JobList({ jobs, apply }: JobListProps) {
  if (jobs.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-10 text-center text-slate-600">
        There are no open positions right now. Please check back soon.
      </p>
    )
  }
  return (
    <ul className="space-y-4">
      {jobs.map((job) => (
        <li key={job.id} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-7">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <h3 className="text-lg font-semibold text-slate-900">{job.title}</h3>
              <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
                <li className="inline-flex items-center gap-1.5">
                  <Briefcase aria-hidden="true" className="size-4 text-slate-400" strokeWidth={1.75} />
                  {job.department}
                </li>
                <li className="inline-flex items-center gap-1.5">
                  <MapPin aria-hidden="true" className="size-4 text-slate-400" strokeWidth={1.75} />
                  {job.location}
                </li>
                <li className="inline-flex items-center gap-1.5">
                  <Clock aria-hidden="true" className="size-4 text-slate-400" strokeWidth={1.75} />
                  <Badge tone="brand">{job.type}</Badge>
                </li>
              </ul>
            </div>
            {apply && <div className="shrink-0">{apply({ id: job.id, title: job.title })}</div>}
          </div>
          {job.description && <p className="mt-4 text-sm leading-6 text-slate-600">{job.description}</p>}
          {job.requirements && (
            <details className="group mt-3 text-sm">
              <summary className="cursor-pointer font-medium text-brand-primary-text">Requirements</summary>
              <p className="mt-2 leading-6 text-slate-600">{job.requirements}</p>
            </details>
          )}
        </li>
      ))}
    </ul>
  )
}
