// "Forgot password?": one answer whatever the address, so nobody learns who is staff.
import { zodResolver } from '@hookform/resolvers/zod'
import { MailQuestion } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useFetcher } from 'react-router'
import { Field } from '../../components/field'
import { buttonPrimary, buttonSecondary, input } from '../../components/styles'
import { forgotSchema, type ForgotValues } from '../schemas'
import { AuthCard } from './auth-card'
import type { LoginActionResult } from './login-form'

export const RESET_SENT_MESSAGE = 'If that address belongs to a staff account, a link to set a new password is on its way. It works once, for one hour.'

export function ForgotForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ForgotValues>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } })
  const { errors } = form.formState
  // The sign-in page's clientAction asks for the link.
  const fetcher = useFetcher<LoginActionResult>()
  const sent = fetcher.data?.kind === 'reset-sent'
  const isSubmitting = fetcher.state !== 'idle'

  const submit = form.handleSubmit(({ email }) => fetcher.submit({ intent: 'forgot', email }, { method: 'post', encType: 'application/json' }))

  return (
    <AuthCard icon={MailQuestion} title="Forgot password?" subtitle="We e-mail you a link to set a new one">
      {sent ? (
        <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {RESET_SENT_MESSAGE}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className="mb-4 grid gap-4">
          <Field label="Email" error={errors.email?.message}>
            <input type="email" autoComplete="username" required className={input} {...form.register('email')} />
          </Field>
          <button type="submit" disabled={isSubmitting} className={`${buttonPrimary} w-full`}>
            {isSubmitting ? 'Sending...' : 'Send reset link'}
          </button>
        </form>
      )}
      <button type="button" className={`${buttonSecondary} w-full`} onClick={onBack}>
        Back to sign in
      </button>
    </AuthCard>
  )
}
