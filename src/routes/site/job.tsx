import { data } from 'react-router'
import { getJobOpeningState, getOpenJobId, getOpenJobPage, getOpenJobs, jobPath } from '~/features/careers/api/job-openings'
import { JobView, NoJob } from '~/features/careers/components/job-view'
import { closingLabel, salaryLabel } from '~/features/careers/job-facts'
import { jobDescriptionHtml } from '~/features/careers/job-description'
import { jobPostingLd } from '~/features/careers/job-posting'
import { CV_UPLOAD_SECRET_HEADER, newCvUploadSecret } from '~/features/leads/api/applications.server'
import { JobNotOpenError } from '~/features/leads/api/lead-errors'
import { ApplicationForm } from '~/features/leads/components/application-form'
import { CV_MAX_BYTES } from '~/features/leads/cv-file'
import { CV_SIZE_MESSAGE } from '~/features/leads/schemas'
import { handleApplicationSubmission } from '~/features/leads/server/application.server'
import { readForm } from '~/features/leads/server/read-form.server'
import { requestSiteSettings } from '~/features/settings/api/site-settings.server'
import { requestDb } from '~/lib/db.server'
import { loadSafely } from '~/lib/load-safely'
import { breadcrumbLd, buildMeta, siteContextFrom } from '~/lib/seo'
import type { ServerHints } from '~/lib/server-hints'
import type { loader as rootLoader } from '../../root'
import type { Route } from './+types/job'

// The application form posts here: a CV of at most 5 MB, plus the text fields.
const MAX_BODY_BYTES = CV_MAX_BYTES + 64 * 1024
export const handle: ServerHints = { maxBodyBytes: MAX_BODY_BYTES }

// The company's logo as job boards show it.
const LOGO_PATH = '/favicon.svg'
const NO_SUCH_ROLE = 'There is no job opening at this address.'

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = requestDb(context)
  const [job, { time_zone: zone }] = await Promise.all([
    loadSafely(`Reading job opening ${params.slug}`, () => getOpenJobPage(db, params.slug), null),
    requestSiteSettings(context),
  ])
  if (job) {
    return {
      open: true as const,
      job,
      html: jobDescriptionHtml(job),
      closes: job.closes_at ? closingLabel(job.closes_at, zone) : null,
      salary: salaryLabel(job),
    }
  }
  // A role that closed is gone for good (410), so search engines drop it; an address that never was
  // a role is not found (404), not sent elsewhere, which a search engine reads as a soft 404. Both
  // offer the open roles. A renamed role's old address never gets here: the web server's
  // redirects answer it (301).
  const [state, openings] = await Promise.all([
    loadSafely(`Checking job opening ${params.slug}`, () => getJobOpeningState(db, params.slug), null),
    loadSafely('Reading job openings', () => getOpenJobs(db), []),
  ])
  const closed = state === 'closed'
  return data({ open: false as const, closed, openings }, { status: closed ? 410 : 404 })
}

// The action's own headers (a refusal's Retry-After) go out with the page and the fetcher's answer.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders

export async function action({ request, params, context }: Route.ActionArgs) {
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) {
    return data({ ok: false as const, fieldErrors: { cv: CV_SIZE_MESSAGE }, values: {} }, { status: 413 })
  }
  const secret = newCvUploadSecret()
  const db = requestDb(context, { [CV_UPLOAD_SECRET_HEADER]: secret })
  const jobId = await getOpenJobId(db, params.slug)
  if (!jobId) {
    const state = await loadSafely(`Checking job opening ${params.slug}`, () => getJobOpeningState(db, params.slug), null)
    return data({ ok: false as const, fieldErrors: {}, formError: new JobNotOpenError().message, values: {} }, { status: state === 'closed' ? 410 : 404 })
  }
  const { init, result } = await handleApplicationSubmission(db, jobId, await readForm(request, 'job application form'), secret)
  return data(result, init)
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const site = siteContextFrom(matches)
  if (!loaderData?.open) {
    return loaderData?.closed
      ? buildMeta(site, { title: 'This role is closed', description: new JobNotOpenError().message, noIndex: true })
      : buildMeta(site, { title: 'Role not found', description: NO_SUCH_ROLE, noIndex: true })
  }
  const { job, html } = loaderData
  const settings = (matches.find((match) => match?.id === 'root')?.loaderData as Awaited<ReturnType<typeof rootLoader>> | undefined)?.settings
  const path = jobPath(job.slug)
  return buildMeta(site, {
    title: job.title,
    description: `${job.title} at ${site.siteName}: ${job.department}, ${job.location}${job.remote ? ' (remote)' : ''}, ${job.type.toLowerCase()}. Read the role and apply online.`,
    path,
    jsonLd: [
      jobPostingLd(site, { job, descriptionHtml: html, logo: LOGO_PATH, companyAddress: settings?.company_address }),
      breadcrumbLd(site, [
        { name: 'Home', path: '/' },
        { name: 'Careers', path: '/careers' },
        { name: job.title, path },
      ]),
    ],
  })
}

/** The page itself, which a release preview also renders with the data it loaded for it. */
export function Page({ loaderData, actionData }: Pick<Route.ComponentProps, 'loaderData' | 'actionData'>) {
  if (!loaderData.open) {
    return loaderData.closed ? (
      <NoJob title="This role is closed" message={new JobNotOpenError().message} openings={loaderData.openings} />
    ) : (
      <NoJob title="There is no such role" message={NO_SUCH_ROLE} openings={loaderData.openings} />
    )
  }
  const { job, html, closes, salary } = loaderData
  return (
    <JobView
      job={job}
      html={html}
      closes={closes}
      salary={salary}
      applicationForm={<ApplicationForm job={job} action={jobPath(job.slug)} result={actionData} />}
    />
  )
}

export default function JobRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <Page loaderData={loaderData} actionData={actionData} />
}
