// /admin/login: e-mail and password, the spec's texts, and a note when the guard sent the person
// here (no admin role, or a session that could not be renewed).
import { zodResolver } from '@hookform/resolvers/zod'
import { Lock } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '~/components/ui/toast'
import { Field } from '../../components/field'
import { buttonPrimary, card, input } from '../../components/styles'
import { adminDb } from '../../lib/admin-db'
import { signIn } from '../api/sign-in'
import { loginSchema, type LoginValues } from '../schemas'

export type LoginNotice = 'no-access' | 'expired' | null

export const NO_ACCESS_MESSAGE = 'This account has no access to the back office. Sign in with a staff account.'
export const EXPIRED_MESSAGE = 'Your session has ended. Sign in again to continue where you left off.'

export function LoginForm({ notice, onSignedIn }: { notice: LoginNotice; onSignedIn: () => void }) {
  const [message, setMessage] = useState<LoginNotice>(notice)
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
    toast({ title: 'Login Successful', description: 'Welcome to the admin panel!' })
    onSignedIn()
  })

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
      <div className={`${card} w-full max-w-sm p-6 shadow-sm`}>
        <div className="mb-6 text-center">
          <span className="mx-auto mb-3 flex size-10 items-center justify-center rounded-full bg-brand-primary/10 text-brand-primary">
            <Lock aria-hidden className="size-5" />
          </span>
          <h1 className="text-lg font-semibold text-slate-900">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in to manage the website</p>
        </div>
        {message ? (
          <p role="alert" className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {message === 'no-access' ? NO_ACCESS_MESSAGE : EXPIRED_MESSAGE}
          </p>
        ) : null}
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
      </div>
    </main>
  )
}
