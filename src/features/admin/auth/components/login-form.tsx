// /admin/login: e-mail and password, and a note when the guard sent the person
// here (no admin role, or a session that could not be renewed). A person with an authenticator
// app then enters its code; "Forgot password?" asks for a recovery link. Both steps post to the
// route's clientAction, which signs in and goes on to the back office.
import { zodResolver } from '@hookform/resolvers/zod'
import { Lock } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useFetcher } from 'react-router'
import { toast } from '~/components/ui/toast'
import { Field } from '../../components/field'
import { buttonPrimary, input } from '../../components/styles'
import { loginSchema, type LoginValues } from '../schemas'
import { AuthCard, CardNotice } from './auth-card'
import { CodeForm } from './code-form'
import { ForgotForm } from './forgot-form'

export type LoginNotice = 'no-access' | 'expired' | null
export type LoginStep = 'password' | 'code' | 'forgot'

/** What the sign-in action answers when it does not go on to the back office. */
export type LoginActionResult = { kind: 'failed' | 'no-access' | 'needs-code' | 'wrong-code' | 'signed-out' | 'reset-sent' }

export const NO_ACCESS_MESSAGE = 'This account has no access to the back office. Sign in with a staff account.'
export const EXPIRED_MESSAGE = 'Your session has ended. Sign in again to continue where you left off.'

export function welcome() {
  toast({ title: 'Login Successful', description: 'Welcome to the admin panel!' })
}

export function loginFailed() {
  toast({ title: 'Login Failed', description: 'Invalid credentials. Please try again.', variant: 'destructive' })
}

export interface LoginFormProps {
  notice: LoginNotice
  /** `code` when the person already passed the password and the code is due. */
  initialStep?: LoginStep
}

export function LoginForm({ notice, initialStep = 'password' }: LoginFormProps) {
  const [message, setMessage] = useState<LoginNotice>(notice)
  const [step, setStep] = useState<LoginStep>(initialStep)
  const fetcher = useFetcher<LoginActionResult>({ key: 'admin-login' })
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } })
  const { errors } = form.formState
  const busy = fetcher.state !== 'idle'

  // Each answer of the action moves the form on once, while rendering (no effect needed); the
  // action itself shows the toasts.
  const [answered, setAnswered] = useState<LoginActionResult | undefined>(undefined)
  if (fetcher.state === 'idle' && fetcher.data && fetcher.data !== answered) {
    setAnswered(fetcher.data)
    if (fetcher.data.kind === 'no-access') setMessage('no-access')
    if (fetcher.data.kind === 'needs-code') setStep('code')
  }

  const submit = form.handleSubmit((values) => fetcher.submit({ intent: 'password', ...values }, { method: 'post', encType: 'application/json' }))

  if (step === 'code') {
    return (
      <CodeForm
        onCancel={() => {
          void fetcher.submit({ intent: 'cancel' }, { method: 'post', encType: 'application/json' })
          setStep('password')
        }}
      />
    )
  }
  if (step === 'forgot') return <ForgotForm onBack={() => setStep('password')} />

  return (
    <AuthCard icon={Lock} title="Admin Login" subtitle="Sign in to manage the website">
      {message ? <CardNotice>{message === 'no-access' ? NO_ACCESS_MESSAGE : EXPIRED_MESSAGE}</CardNotice> : null}
      <form onSubmit={submit} noValidate className="grid gap-4">
        <Field label="Email" error={errors.email?.message}>
          <input type="email" autoComplete="username" required className={input} {...form.register('email')} />
        </Field>
        <Field label="Password" error={errors.password?.message}>
          <input type="password" autoComplete="current-password" required className={input} {...form.register('password')} />
        </Field>
        <button type="submit" disabled={busy} className={`${buttonPrimary} w-full`}>
          {busy ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <p className="mt-4 text-center text-sm">
        <button type="button" className="text-brand-primary underline underline-offset-2" onClick={() => setStep('forgot')}>
          Forgot password?
        </button>
      </p>
    </AuthCard>
  )
}
