// /admin/account: the signed-in person's own name, password, sessions and authenticator apps.
import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useForm } from 'react-hook-form'
import { Dialog } from '~/components/ui/dialog'
import {
  authenticatorNameSchema,
  changePasswordSchema,
  displayNameSchema,
  MAX_FACTORS,
  MIN_PASSWORD_LENGTH,
  totpCodeSchema,
  type AuthenticatorNameValues,
  type ChangePasswordValues,
  type DisplayNameValues,
  type TotpCodeValues,
} from '~/entities/staff-member'
import type { ActivityRow } from '~/entities/activity'
import type { Authenticator, Enrollment } from '../../auth/api/two-factor'
import { ActivityEntry } from '../../components/activity-entry'
import { Field } from '../../components/field'
import { PageHeader } from '../../components/page-header'
import { buttonPrimary, buttonSecondary, card, iconButtonDanger, input } from '../../components/styles'
import type { ActionResult } from '../../lib/admin-action'
import { useFormatTime } from '../../lib/time-zone'
import { showFieldErrors, useAdminAction } from '../../lib/use-admin-action'

export interface AccountScreenProps {
  email: string
  name: string
  /** Two-factor is required for all staff and this person has no authenticator yet. */
  setupDue: boolean
  authenticators: Authenticator[]
  /** The person's own latest activity, newest first. */
  activity: ActivityRow[]
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/\W+/g, '-')
  return (
    <section aria-labelledby={id} className={`${card} grid gap-4 p-5`}>
      <div>
        <h2 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  )
}

function NameForm({ name }: { name: string }) {
  const action = useAdminAction()
  const form = useForm<DisplayNameValues>({ resolver: zodResolver(displayNameSchema), defaultValues: { name } })
  const submit = form.handleSubmit(async (values) => showFieldErrors(await action.submit({ intent: 'name', values }), form.setError))
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
      <Field label="Display name" error={form.formState.errors.name?.message}>
        <input autoComplete="name" className={input} {...form.register('name')} />
      </Field>
      <button type="submit" className={buttonPrimary} disabled={action.busy}>
        Save name
      </button>
    </form>
  )
}

function PasswordForm({ email }: { email: string }) {
  const action = useAdminAction()
  const form = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema(email)), defaultValues: { current: '', password: '', confirm: '' } })
  const { errors } = form.formState
  const submit = form.handleSubmit(async (values) => {
    const result = await action.submit({ intent: 'password', values })
    showFieldErrors(result, form.setError)
    if (result.ok) form.reset()
  })
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field label="Current password" error={errors.current?.message}>
        <input type="password" autoComplete="current-password" className={input} {...form.register('current')} />
      </Field>
      <Field label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters, not your e-mail address`} error={errors.password?.message}>
        <input type="password" autoComplete="new-password" className={input} {...form.register('password')} />
      </Field>
      <Field label="Repeat the new password" error={errors.confirm?.message}>
        <input type="password" autoComplete="new-password" className={input} {...form.register('confirm')} />
      </Field>
      <div>
        <button type="submit" className={buttonPrimary} disabled={action.busy}>
          Change password
        </button>
      </div>
    </form>
  )
}

/** A 6-digit code form: the last step of adding an authenticator, and the proof before removing one. */
function CodeFields({ onCode, submitLabel, busy }: { onCode: (code: string) => Promise<ActionResult>; submitLabel: string; busy: boolean }) {
  const form = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } })
  const submit = form.handleSubmit(async (values) => showFieldErrors(await onCode(totpCodeSchema.parse(values).code), form.setError))
  return (
    <form onSubmit={submit} noValidate className="grid gap-3">
      <Field label="Code from the app" error={form.formState.errors.code?.message}>
        <input inputMode="numeric" autoComplete="one-time-code" className={input} {...form.register('code')} />
      </Field>
      <div className="flex justify-end">
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {submitLabel}
        </button>
      </div>
    </form>
  )
}

function AddAuthenticator({ onClose }: { onClose: () => void }) {
  const action = useAdminAction()
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null)
  const form = useForm<AuthenticatorNameValues>({ resolver: zodResolver(authenticatorNameSchema), defaultValues: { name: '' } })
  const start = form.handleSubmit(async (values) => {
    const result = (await action.submit({ intent: 'enroll', values })) as ActionResult & { enrollment?: Enrollment }
    showFieldErrors(result, form.setError)
    if (result.enrollment) setEnrollment(result.enrollment)
  })
  const confirm = async (code: string) => {
    const result = await action.submit({ intent: 'verify-factor', id: enrollment?.factorId, values: { code } })
    if (result.ok) onClose()
    return result
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title="Add an authenticator app">
      {enrollment ? (
        <div className="grid gap-4">
          <p className="text-sm text-slate-700">Scan this code with your authenticator app, or type the key below into it. Then enter the code it shows.</p>
          <img
            src={enrollment.qrCode}
            alt="QR code to scan with your authenticator app"
            className="mx-auto size-44 rounded border border-slate-200 bg-white p-2"
          />
          <Field label="Key to type instead">
            <input readOnly value={enrollment.secret} className={`${input} font-mono`} onFocus={(event) => event.currentTarget.select()} />
          </Field>
          <CodeFields onCode={confirm} submitLabel="Turn on two-factor" busy={action.busy} />
        </div>
      ) : (
        <form onSubmit={start} noValidate className="grid gap-4">
          <Field label="Name" hint="To tell your apps apart, e.g. Work phone" error={form.formState.errors.name?.message}>
            <input className={input} {...form.register('name')} />
          </Field>
          <div className="flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className={buttonPrimary} disabled={action.busy}>
              Continue
            </button>
          </div>
        </form>
      )}
    </Dialog>
  )
}

function RemoveAuthenticator({ target, proofId, onClose }: { target: Authenticator; proofId: string; onClose: () => void }) {
  const action = useAdminAction()
  const remove = async (code: string) => {
    const result = await action.submit({ intent: 'remove-factor', id: target.id, proof: proofId, values: { code } })
    if (result.ok) onClose()
    return result
  }
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`Remove ${target.name}`}>
      <div className="grid gap-4">
        <p className="text-sm text-slate-700">To confirm it is you, enter the current code from one of your authenticator apps.</p>
        <CodeFields onCode={remove} submitLabel="Remove" busy={action.busy} />
      </div>
    </Dialog>
  )
}

function TwoFactor({ authenticators }: { authenticators: Authenticator[] }) {
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<Authenticator | null>(null)
  const formatTime = useFormatTime()
  return (
    <>
      {authenticators.length ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Authenticator apps">
          {authenticators.map((factor) => (
            <li key={factor.id} className="flex items-center gap-3 px-3 py-2">
              <span className="flex-1 text-sm text-slate-900">{factor.name}</span>
              <span className="text-xs text-slate-600">Added {formatTime(factor.createdAt, 'date')}</span>
              <button type="button" className={iconButtonDanger} aria-label={`Remove ${factor.name}`} onClick={() => setRemoving(factor)}>
                <Trash2 aria-hidden className="size-4" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">Two-factor is off: your password alone signs you in.</p>
      )}
      <div>
        <button type="button" className={buttonSecondary} disabled={authenticators.length >= MAX_FACTORS} onClick={() => setAdding(true)}>
          <Plus aria-hidden className="size-4" /> Add authenticator app
        </button>
        {authenticators.length >= MAX_FACTORS ? <p className="mt-1 text-xs text-slate-600">At most {MAX_FACTORS} apps.</p> : null}
      </div>
      {adding ? <AddAuthenticator onClose={() => setAdding(false)} /> : null}
      {removing ? (
        // The list reloads before the dialog closes: with the last app gone, the proof was that app.
        <RemoveAuthenticator target={removing} proofId={authenticators[0]?.id ?? removing.id} onClose={() => setRemoving(null)} />
      ) : null}
    </>
  )
}

export function AccountScreen({ email, name, setupDue, authenticators, activity }: AccountScreenProps) {
  const action = useAdminAction()
  return (
    <>
      <PageHeader title="My Account" subtitle={email} />
      {setupDue ? (
        <p role="alert" className="mb-5 max-w-2xl rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          Two-factor is required for all staff. Add an authenticator app below to use the back office.
        </p>
      ) : null}
      <div className="grid max-w-2xl gap-5">
        <Section title="Profile" description="The name shown to other staff">
          <NameForm name={name} />
        </Section>
        <Section title="Password" description="Asks for your current password first">
          <PasswordForm email={email} />
        </Section>
        <Section title="Sessions" description="Signed in on another computer or a lost phone? End those sessions; this one stays.">
          <div>
            <button type="button" className={buttonSecondary} disabled={action.busy} onClick={() => void action.submit({ intent: 'sign-out-others' })}>
              Sign out of all other sessions
            </button>
          </div>
        </Section>
        <Section
          title="Two-factor authentication"
          description={`A code from an authenticator app at every sign-in. Add up to ${MAX_FACTORS}, e.g. a second phone as the backup.`}
        >
          <TwoFactor authenticators={authenticators} />
        </Section>
        <Section title="My recent activity" description="What you changed, exported and downloaded lately">
          {activity.length ? (
            <ol aria-label="My recent activity" className="-mx-5 -mb-5 divide-y divide-slate-100 border-t border-slate-100">
              {activity.map((row) => (
                <ActivityEntry key={row.id} row={row} />
              ))}
            </ol>
          ) : (
            <p className="text-sm text-slate-700">Nothing yet.</p>
          )}
        </Section>
      </div>
    </>
  )
}
