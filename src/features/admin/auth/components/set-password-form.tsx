// The new-password card of /admin/welcome (an invitation) and /admin/reset (a recovery link): the
// staff password rule, typed twice; an expired or used link says so and offers a new one.
import { zodResolver } from '@hookform/resolvers/zod'
import { KeyRound } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Link } from 'react-router'
import { MIN_PASSWORD_LENGTH, newPasswordSchema, totpCodeSchema, type NewPasswordValues } from '~/entities/staff-member'
import { z } from '~/lib/schemas'
import { Field } from '../../components/field'
import { buttonPrimary, input } from '../../components/styles'
import { useAdminAction } from '../../lib/use-admin-action'
import type { LinkSession } from '../api/accept-link'
import { AuthCard, CardNotice } from './auth-card'

export const INVALID_LINK_MESSAGE = 'This link has expired or has already been used.'

export interface SetPasswordFormProps {
  link: LinkSession
  title: string
  subtitle: string
  submitLabel: string
  onDone: () => void
}

const codeField = totpCodeSchema.shape.code

function PasswordFields({ email, needsCode, submitLabel, onDone }: { email: string; needsCode: boolean; submitLabel: string; onDone: () => void }) {
  // With an authenticator, the code from it is asked for too: Auth sets the password only then.
  const schema = needsCode ? newPasswordSchema(email).and(z.object({ code: codeField })) : newPasswordSchema(email)
  const form = useForm<NewPasswordValues & { code?: string }>({ resolver: zodResolver(schema), defaultValues: { password: '', confirm: '', code: '' } })
  const { errors, isSubmitting } = form.formState
  const action = useAdminAction()

  // The page's clientAction sets it; a refusal shows its toast, and a wrong code its message.
  const submit = form.handleSubmit(async ({ password, code }) => {
    const result = await action.submit({ intent: 'password', password, ...(needsCode ? { code } : {}) })
    if (result.ok) onDone()
    else if (result.fieldErrors?.code) form.setError('code', { message: result.fieldErrors.code })
  })

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <Field label="New password" hint={`At least ${MIN_PASSWORD_LENGTH} characters, not your e-mail address`} error={errors.password?.message}>
        <input type="password" autoComplete="new-password" className={input} {...form.register('password')} />
      </Field>
      <Field label="Repeat the password" error={errors.confirm?.message}>
        <input type="password" autoComplete="new-password" className={input} {...form.register('confirm')} />
      </Field>
      {needsCode && (
        <Field
          label="Code from your authenticator app"
          hint="Your account has two-factor sign-in: enter the 6-digit code it shows now"
          error={errors.code?.message}
        >
          <input inputMode="numeric" autoComplete="one-time-code" className={input} {...form.register('code')} />
        </Field>
      )}
      <button type="submit" disabled={isSubmitting} className={`${buttonPrimary} w-full`}>
        {isSubmitting ? 'Saving...' : submitLabel}
      </button>
    </form>
  )
}

export function SetPasswordForm({ link, title, subtitle, submitLabel, onDone }: SetPasswordFormProps) {
  return (
    <AuthCard icon={KeyRound} title={title} subtitle={link.kind === 'ready' ? `${subtitle} for ${link.email}` : subtitle}>
      {link.kind === 'ready' ? (
        <PasswordFields email={link.email} needsCode={link.needsCode} submitLabel={submitLabel} onDone={onDone} />
      ) : (
        <>
          <CardNotice>{INVALID_LINK_MESSAGE}</CardNotice>
          <p className="text-center text-sm text-slate-700">
            Ask an admin for a new invitation, or{' '}
            <Link to="/admin/login" className="text-brand-primary underline underline-offset-2">
              request a new password link
            </Link>
            .
          </p>
        </>
      )}
    </AuthCard>
  )
}
