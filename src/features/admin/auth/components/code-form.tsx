// The sign-in's second step: a 6-digit code from the person's authenticator app, checked by the
// login route's clientAction.
import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useFetcher } from 'react-router'
import { totpCodeSchema, WRONG_CODE_MESSAGE, type TotpCodeValues } from '~/entities/staff-member'
import { Field } from '../../components/field'
import { buttonPrimary, buttonSecondary, input } from '../../components/styles'
import type { LoginActionResult } from './login-form'
import { AuthCard } from './auth-card'

export function CodeForm({ onCancel }: { onCancel: () => void }) {
  const fetcher = useFetcher<LoginActionResult>({ key: 'admin-login-code' })
  const form = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } })
  const { errors } = form.formState
  const busy = fetcher.state !== 'idle'

  // Each refusal is shown once, beside the field, while rendering (no effect needed).
  const [answered, setAnswered] = useState<LoginActionResult | undefined>(undefined)
  if (fetcher.state === 'idle' && fetcher.data && fetcher.data !== answered) {
    setAnswered(fetcher.data)
    if (fetcher.data.kind === 'wrong-code') form.setError('code', { message: WRONG_CODE_MESSAGE })
  }

  const submit = form.handleSubmit((values) => fetcher.submit({ intent: 'code', ...values }, { method: 'post', encType: 'application/json' }))

  return (
    <AuthCard icon={ShieldCheck} title="Two-factor sign-in" subtitle="Enter the 6-digit code from your authenticator app">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Code" error={errors.code?.message}>
          <input inputMode="numeric" autoComplete="one-time-code" autoFocus className={input} {...form.register('code')} />
        </Field>
        <button type="submit" disabled={busy} className={`${buttonPrimary} w-full`}>
          {busy ? 'Checking...' : 'Verify'}
        </button>
        <button type="button" className={`${buttonSecondary} w-full`} onClick={onCancel}>
          Use another account
        </button>
      </form>
    </AuthCard>
  )
}
