import { Briefcase, CalendarClock, Clock, MapPin } from 'lucide-react'
import { Link } from 'react-router'
import { ArticleHeader } from '~/components/ui/article-header'
import { Badge } from '~/components/ui/badge'
import { Container } from '~/components/ui/container'
import { jobPath, type JobOpening, type JobPage } from '../api/job-openings'

export interface JobViewProps {
  job: Pick<JobPage, 'title' | 'department' | 'location' | 'type' | 'remote'>
  /** The description and requirements, already sanitized on the server. */
  html: string
  /** The closing time as the company states it ("2 December 2026, 17:00 WAT"), when there is one. */
  closes: string | null
  salary: string | null
  /** The application form. */
  applicationForm: React.ReactNode
}

/** A role's own page: its facts, the full description, and the application form. */
export function JobView({ job, html, closes, salary, applicationForm }: JobViewProps) {
  return (
    <article>
      <ArticleHeader back={{ to: '/careers', label: 'All open roles' }} eyebrow={job.department} title={job.title}>
        <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-slate-700">
          <li className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 text-slate-500" strokeWidth={1.75} />
            {job.location}
            {job.remote ? ' · Remote' : ''}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-slate-500" strokeWidth={1.75} />
            <Badge tone="brand">{job.type}</Badge>
          </li>
          {salary && (
            <li className="inline-flex items-center gap-1.5">
              <Briefcase aria-hidden="true" className="size-4 text-slate-500" strokeWidth={1.75} />
              {salary}
            </li>
          )}
          {closes && (
            <li className="inline-flex items-center gap-1.5">
              <CalendarClock aria-hidden="true" className="size-4 text-slate-500" strokeWidth={1.75} />
              Applications close {closes}
            </li>
          )}
        </ul>
      </ArticleHeader>
      <Container className="grid gap-12 py-10 sm:py-14 lg:grid-cols-12">
        <section aria-labelledby="role-heading" className="lg:col-span-7">
          {/* Headings in the description (h2, h3) sit under this one, so the outline never skips a level. */}
          <h2 id="role-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            About the role
          </h2>
          <div className="prose-content mt-6 max-w-none" dangerouslySetInnerHTML={{ __html: html }} />
        </section>
        <section aria-labelledby="apply-heading" className="lg:col-span-5">
          <div id="apply" className="rounded-2xl border border-slate-200 p-6 lg:sticky lg:top-24">
            <h2 id="apply-heading" className="text-xl font-semibold text-slate-900">
              Apply for this role
            </h2>
            <p className="mt-1 text-sm text-slate-600">Tell us about yourself and attach your CV. We read every application.</p>
            <div className="mt-5">{applicationForm}</div>
          </div>
        </section>
      </Container>
    </article>
  )
}

/** What a closed role's address shows: it is gone, and where the open ones are. */
export interface NoJobProps {
  /** "This role is closed" (410) or "There is no role here" (404). */
  title: string
  message: string
  /** The open roles, offered instead. */
  openings: Pick<JobOpening, 'id' | 'slug' | 'title' | 'location'>[]
}

/** The page of a role that closed or never was: what happened, and the roles that are open. */
export function NoJob({ title, message, openings }: NoJobProps) {
  return (
    <Container className="flex min-h-[50vh] flex-col items-center justify-center py-20 text-center">
      <h1 className="text-3xl font-semibold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">{message}</p>
      {openings.length > 0 ? (
        <section aria-labelledby="open-roles" className="mt-8 w-full max-w-md text-left">
          <h2 id="open-roles" className="text-base font-semibold text-slate-900">
            Open roles
          </h2>
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {openings.map((job) => (
              <li key={job.id} className="px-4 py-3">
                <Link to={jobPath(job.slug)} className="font-medium text-brand-primary-text underline-offset-4 hover:underline">
                  {job.title}
                </Link>
                <span className="block text-sm text-slate-600">{job.location}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Link to="/careers" className="mt-8 font-semibold text-brand-primary-text underline underline-offset-4">
        See our open roles
      </Link>
    </Container>
  )
}
