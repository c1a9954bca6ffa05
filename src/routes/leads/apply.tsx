import { data } from 'react-router'
import { JobNotOpenError } from '~/features/leads/api/lead-errors'
import { getOpenJob, isJobId } from '~/features/careers/api/job-openings'
import { CV_UPLOAD_SECRET_HEADER, newCvUploadSecret } from '~/features/leads/api/applications.server'
import { ApplicationForm } from '~/features/leads/components/application-form'
import { CV_MAX_BYTES, CV_SIZE_MESSAGE } from '~/features/leads/schemas'
import { handleApplicationSubmission } from '~/features/leads/server/application.server'
import { readForm } from '~/features/leads/server/read-form.server'
import { requestDb } from '~/lib/db.server'
import type { ServerHints } from '~/lib/server-hints'
import type { Route } from './+types/apply'

// A CV of at most 5 MB, plus the text fields.
const MAX_BODY_BYTES = CV_MAX_BYTES + 64 * 1024
export const handle: ServerHints = { maxBodyBytes: MAX_BODY_BYTES }

export async function loader({ params, context }: Route.LoaderArgs) {
  const job = await getOpenJob(requestDb(context), params.id)
  return data({ job }, { status: job ? 200 : 404 })
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Not an id at all: no such opening, and nothing to ask the database.
  if (!isJobId(params.id)) return data({ ok: false as const, fieldErrors: {}, formError: new JobNotOpenError().message, values: {} }, { status: 404 })
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (!Number.isFinite(declared) || declared > MAX_BODY_BYTES) {
    return data({ ok: false as const, fieldErrors: { cv: CV_SIZE_MESSAGE }, values: {} }, { status: 413 })
  }
  const secret = newCvUploadSecret()
  const db = requestDb(context, { [CV_UPLOAD_SECRET_HEADER]: secret })
  const { status, result } = await handleApplicationSubmission(db, params.id, await readForm(request, 'job application form'), secret)
  return data(result, { status })
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.job ? `Apply for ${loaderData.job.title}` : 'Job opening closed' }, { name: 'robots', content: 'noindex' }]
}

export default function ApplyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { job } = loaderData
  return (
    <div className="mx-auto max-w-2xl px-6 py-16">
      {job ? (
        <>
          <h1 className="text-3xl font-semibold text-slate-900">Apply for {job.title}</h1>
          <p className="mt-2 text-slate-600">Tell us about yourself and attach your CV. We read every application.</p>
          <div className="mt-8">
            <ApplicationForm job={job} result={actionData} />
          </div>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-semibold text-slate-900">Job opening closed</h1>
          <p className="mt-3 text-slate-600">{new JobNotOpenError().message}</p>
          <a href="/careers" className="mt-6 inline-block font-medium text-brand-primary underline">
            See our open positions
          </a>
        </>
      )}
    </div>
  )
}
