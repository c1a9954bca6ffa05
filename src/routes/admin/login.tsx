import { redirect, replace, useSearchParams } from 'react-router'
import { totpCodeSchema } from '~/entities/staff-member'
import { requestPasswordReset } from '~/features/admin/auth/api/passwords'
import { signIn } from '~/features/admin/auth/api/sign-in'
import { signOut } from '~/features/admin/auth/api/sign-out'
import { getStaffSession } from '~/features/admin/auth/api/staff-session'
import { signInFactor, verifyCode } from '~/features/admin/auth/api/two-factor'
import { LoginForm, loginFailed, welcome, type LoginActionResult, type LoginNotice } from '~/features/admin/auth/components/login-form'
import { forgotSchema, loginSchema } from '~/features/admin/auth/schemas'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/login'

export async function clientLoader() {
  const db = await adminDb()
  const session = await getStaffSession(db)
  // Already signed in as staff: nothing to do here.
  if (session.kind === 'staff') throw redirect('/admin')
  // Password passed, code still due (e.g. the page was reloaded at the code step).
  return { step: session.kind === 'needs-code' ? ('code' as const) : ('password' as const) }
}

/** Only paths inside the back office are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next && /^\/admin(\/[a-z-]*)?$/.test(next) ? next : '/admin'
}

/**
 * The sign-in's two steps: `password` (e-mail and password) and `code` (the authenticator app's
 * code when the account has one). A passed sign-in goes on to where the guard sent the person from.
 * `cancel` leaves the code step (the password's session ends); `forgot` asks for a recovery link
 * and answers the same whatever the address, so nobody learns who is staff.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<LoginActionResult> {
  const body = (await request.json()) as Record<string, unknown>
  const db = await adminDb()
  const onward = () => {
    welcome()
    return replace(safeNext(new URL(request.url).searchParams.get('next')))
  }
  if (body.intent === 'cancel') {
    await signOut(db)
    return { kind: 'signed-out' }
  }
  if (body.intent === 'forgot') {
    const forgot = forgotSchema.safeParse(body)
    if (forgot.success) await requestPasswordReset(db, forgot.data.email, `${window.location.origin}/admin/reset`)
    return { kind: 'reset-sent' }
  }
  if (body.intent === 'code') {
    const code = totpCodeSchema.safeParse(body)
    const factorId = code.success ? await signInFactor(db) : null
    if (code.success && factorId && (await verifyCode(db, factorId, code.data.code))) throw onward()
    return { kind: 'wrong-code' }
  }
  const credentials = loginSchema.safeParse(body)
  const result = credentials.success ? await signIn(db, credentials.data.email, credentials.data.password) : ({ kind: 'failed' } as const)
  if (result.kind === 'staff') throw onward()
  if (result.kind === 'failed') loginFailed()
  return { kind: result.kind }
}

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Login')

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const reason = params.get('reason')
  const notice: LoginNotice = reason === 'no-access' || reason === 'expired' ? reason : null
  return <LoginForm notice={notice} initialStep={loaderData.step} />
}
