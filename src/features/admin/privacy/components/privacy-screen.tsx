import { Download, Search, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Form } from 'react-router'
import { holdsNothing, type PersonalData } from '~/entities/personal-data'
import { EmptyState } from '../../components/empty-state'
import { Field } from '../../components/field'
import { PageHeader } from '../../components/page-header'
import { buttonDanger, buttonPrimary, buttonSecondary, card, input } from '../../components/styles'
import { downloadFile } from '../../lib/csv'
import { useFormatTime } from '../../lib/time-zone'
import { useAdminAction, type AdminAction } from '../../lib/use-admin-action'

/** Personal-data requests: look up an address, see what is held, export it, erase it. */
export function PrivacyScreen({ email, found }: { email: string; found: PersonalData | null }) {
  // Held here, not in the panels: an erasure empties the result, and its answer must still show.
  const action = useAdminAction()
  return (
    <>
      <PageHeader title="Personal Data" subtitle="Answer a person's request to see or erase what we hold about them" />
      <Form method="get" role="search" className={`${card} flex flex-wrap items-end gap-3 p-4`}>
        <Field label="E-mail address" className="min-w-64 flex-1">
          <input type="email" name="email" required defaultValue={email} autoComplete="off" className={input} />
        </Field>
        <button type="submit" className={buttonPrimary}>
          <Search aria-hidden className="size-4" /> Look up
        </button>
      </Form>
      {found ? <Found key={found.email} data={found} action={action} /> : null}
    </>
  )
}

function Found({ data, action }: { data: PersonalData; action: AdminAction }) {
  const formatTime = useFormatTime()
  if (holdsNothing(data)) return <EmptyState title={`Nothing is held about ${data.email}`} />
  const cvCount = data.job_applications.length
  return (
    <div className="mt-4 grid gap-4">
      <ExportPanel email={data.email} cvCount={cvCount} action={action} />
      <Section title={`Contact messages (${data.contact_messages.length})`}>
        {data.contact_messages.map((m) => (
          <li key={m.id} className="px-4 py-2.5 text-sm">
            <p className="font-medium text-slate-900">
              {m.first_name} {m.last_name} · {formatTime(m.created_at, 'date')}
            </p>
            <p className="mt-1 whitespace-pre-line text-slate-700">{m.message}</p>
            <Consent at={m.consent_at} version={m.privacy_notice_version} />
          </li>
        ))}
      </Section>
      <Section title={`Applications and CV files (${cvCount})`}>
        {data.job_applications.map((a) => (
          <li key={a.id} className="px-4 py-2.5 text-sm">
            <p className="font-medium text-slate-900">
              {a.name} · {a.job_title ?? 'Unknown opening'} · {formatTime(a.created_at, 'date')}
            </p>
            <p className="mt-1 text-slate-700">CV file: {a.cv_path.split('/').pop()}</p>
            <p className="text-slate-700">{a.keep_for_future_roles ? 'May be kept for future roles' : 'Not kept for future roles'}</p>
            <Consent at={a.consent_at} version={a.privacy_notice_version} />
          </li>
        ))}
      </Section>
      <Section title="Newsletter subscription">
        {data.newsletter_subscription ? (
          <li className="px-4 py-2.5 text-sm text-slate-700">
            {data.newsletter_subscription.status}, signed up {formatTime(data.newsletter_subscription.signed_up_at, 'date')}
            {data.newsletter_subscription.confirmed_at ? `, confirmed ${formatTime(data.newsletter_subscription.confirmed_at, 'date')}` : ''}
            <Consent at={data.newsletter_subscription.consent_at} version={data.newsletter_subscription.privacy_notice_version} />
          </li>
        ) : null}
      </Section>
      <Section title={`Activity entries about this person (${data.activity.length})`}>
        {data.activity.map((entry, index) => (
          <li key={`${entry.occurred_at}-${index}`} className="px-4 py-2.5 text-sm text-slate-700">
            {formatTime(entry.occurred_at, 'date')} · {entry.action} · {entry.title ?? entry.table}
            {entry.by ? ` · by ${entry.by}` : ''}
          </li>
        ))}
      </Section>
      <ErasePanel email={data.email} action={action} />
    </div>
  )
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const items = Array.isArray(children) ? children.filter(Boolean) : children ? [children] : []
  return (
    <section className={card} aria-label={title}>
      <h2 className="border-b border-slate-100 px-4 py-2.5 text-sm font-semibold text-slate-900">{title}</h2>
      {items.length ? <ul className="divide-y divide-slate-100">{children}</ul> : <p className="px-4 py-2.5 text-sm text-slate-600">None</p>}
    </section>
  )
}

function Consent({ at, version }: { at: string | null; version: string | null }) {
  const formatTime = useFormatTime()
  return (
    <p className="text-xs text-slate-600">
      {at ? `Consent ${formatTime(at, 'date')}, privacy notice of ${version ?? 'unknown'}` : 'No consent recorded (before consent was recorded)'}
    </p>
  )
}

function ExportPanel({ email, cvCount, action }: { email: string; cvCount: number; action: AdminAction }) {
  const exportAll = async () => {
    const result = await action.submit({ intent: 'export', email })
    if (result.ok && result.link) downloadFile(`personal-data-${email}.zip`, result.link)
  }
  return (
    <div className={`${card} flex flex-wrap items-center gap-3 p-4`}>
      <p className="flex-1 text-sm text-slate-700">
        Export: one ZIP with everything as personal-data.json{cvCount ? ` and the ${cvCount === 1 ? 'CV' : `${cvCount} CVs`}` : ''}.
      </p>
      <button type="button" className={buttonSecondary} disabled={action.busy} onClick={() => void exportAll()}>
        <Download aria-hidden className="size-4" /> Export
      </button>
    </div>
  )
}

function ErasePanel({ email, action }: { email: string; action: AdminAction }) {
  const [confirmation, setConfirmation] = useState('')
  const [error, setError] = useState<string | undefined>()
  const matches = confirmation.trim().toLowerCase() === email.toLowerCase()
  const erase = async (event: React.FormEvent) => {
    event.preventDefault()
    const result = await action.submit({ intent: 'erase', email, confirmation })
    setError(result.fieldErrors?.confirmation)
  }
  return (
    <form onSubmit={(event) => void erase(event)} className={`${card} grid gap-3 border-red-200 p-4`} aria-label="Erase personal data">
      <h2 className="text-sm font-semibold text-red-800">Erase everything held about {email}</h2>
      <p className="text-sm text-slate-700">
        Removes the messages, applications, CV files, subscription and copies of e-mails, and rewrites this person&rsquo;s activity entries to
        &ldquo;erased&rdquo;. This cannot be undone.
      </p>
      <Field label={`Type ${email} to confirm`} error={error}>
        <input type="text" value={confirmation} onChange={(event) => setConfirmation(event.target.value)} autoComplete="off" className={input} />
      </Field>
      <div>
        <button type="submit" className={buttonDanger} disabled={!matches || action.busy}>
          <Trash2 aria-hidden className="size-4" /> Erase
        </button>
      </div>
    </form>
  )
}
