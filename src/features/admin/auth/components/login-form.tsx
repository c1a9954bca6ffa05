// /admin/login: e-mail and password, and a note when the guard sent the person
// here (no admin role, or a session that could not be renewed). A person with an authenticator
// app then enters its code; "Forgot password?" asks for a recovery link.
import { zodResolver } from '@hookform/resolvers/zod'
import { Lock } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '~/components/ui/toast'
import { Field } from '../../components/field'
import { buttonPrimary, input } from '../../components/styles'
import { adminDb } from '../../lib/admin-db'
import { signIn } from '../api/sign-in'
import { signOut } from '../api/sign-out'
import { loginSchema, type LoginValues } from '../schemas'
import { AuthCard, CardNotice } from './auth-card'
import { CodeForm } from './code-form'
import { ForgotForm } from './forgot-form'

export type LoginNotice = 'no-access' | 'expired' | null
export type LoginStep = 'password' | 'code' | 'forgot'

export const NO_ACCESS_MESSAGE = 'This account has no access to the back office. Sign in with a staff account.'
export const EXPIRED_MESSAGE = 'Your session has ended. Sign in again to continue where you left off.'

function welcome() {
  toast({ title: 'Login Successful', description: 'Welcome to the admin panel!' })
}

export interface LoginFormProps {
  notice: LoginNotice
  onSignedIn: () => void
  /** `code` when the person already passed the password and the code is due. */
  initialStep?: LoginStep
}

export function LoginForm({ notice, onSignedIn, initialStep = 'password' }: LoginFormProps) {
  const [message, setMessage] = useState<LoginNotice>(notice)
  const [step, setStep] = useState<LoginStep>(initialStep)
  const form = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } })
  const { errors, isSubmitting } = form.formState

  const submit = form.handleSubmit(async ({ email, password }) => {
    const result = await signIn(await adminDb(), email, password)
    if (result.kind === 'failed') {
      toast({ title: 'Login Failed', description: 'Invalid credentials. Please try again.', variant: 'destructive' })
      return
    }
    if (result.kind === 'no-access') {
      setMessage('no-access')
      return
    }
    if (result.kind === 'needs-code') {
      setStep('code')
      return
    }
    welcome()
    onSignedIn()
  })

  if (step === 'code') {
    return (
      <CodeForm
        onVerified={() => {
          welcome()
          onSignedIn()
        }}
        onCancel={() => {
          void adminDb().then(signOut)
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
        <button type="submit" disabled={isSubmitting} className={`${buttonPrimary} w-full`}>
          {isSubmitting ? 'Signing in...' : 'Sign In'}
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
