// The sign-in's second step: a 6-digit code from the person's authenticator app.
import { zodResolver } from '@hookform/resolvers/zod'
import { ShieldCheck } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { totpCodeSchema, type TotpCodeValues } from '~/entities/staff-member'
import { Field } from '../../components/field'
import { buttonPrimary, buttonSecondary, input } from '../../components/styles'
import { adminDb } from '../../lib/admin-db'
import { signInFactor, verifyCode } from '../api/two-factor'
import { AuthCard } from './auth-card'

export const WRONG_CODE_MESSAGE = 'That code did not work. Enter the current code from your app.'

export function CodeForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const form = useForm<TotpCodeValues>({ resolver: zodResolver(totpCodeSchema), defaultValues: { code: '' } })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async (values) => {
    const db = await adminDb()
    const factorId = await signInFactor(db)
    const { code } = totpCodeSchema.parse(values)
    if (factorId && (await verifyCode(db, factorId, code))) onVerified()
    else form.setError('code', { message: WRONG_CODE_MESSAGE })
  })

  return (
    <AuthCard icon={ShieldCheck} title="Two-factor sign-in" subtitle="Enter the 6-digit code from your authenticator app">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Code" error={errors.code?.message}>
          <input inputMode="numeric" autoComplete="one-time-code" autoFocus className={input} {...form.register('code')} />
        </Field>
        <button type="submit" disabled={isSubmitting} className={`${buttonPrimary} w-full`}>
          {isSubmitting ? 'Checking...' : 'Verify'}
        </button>
        <button type="button" className={`${buttonSecondary} w-full`} onClick={onCancel}>
          Use another account
        </button>
      </form>
    </AuthCard>
  )
}
