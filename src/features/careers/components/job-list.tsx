import { ArrowRight, Briefcase, Clock, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '~/components/ui/badge'
import { jobPath, type JobOpening } from '../api/job-openings'

export interface JobListProps {
  jobs: JobOpening[]
}

/** Open roles, newest first: title, department, location and type, each linking to the role's page. */
export function JobList({ jobs }: JobListProps) {
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
              <h3 className="text-lg font-semibold text-slate-900">
                <Link to={jobPath(job.slug)} className="hover:text-brand-primary-text hover:underline">
                  {job.title}
                </Link>
              </h3>
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
            <Link
              to={jobPath(job.slug)}
              aria-label={`View and apply: ${job.title}`}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-md bg-brand-primary px-4 py-2 text-sm font-semibold text-white shadow-sm transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-primary"
            >
              View and apply <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
