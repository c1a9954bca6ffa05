import { redirect, useNavigate, useSearchParams } from 'react-router'
import { getStaffSession } from '~/features/admin/auth/api/staff-session'
import { LoginForm, type LoginNotice } from '~/features/admin/auth/components/login-form'
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

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Login')

/** Only paths inside the back office are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next && /^\/admin(\/[a-z-]*)?$/.test(next) ? next : '/admin'
}

export default function AdminLogin({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const reason = params.get('reason')
  const notice: LoginNotice = reason === 'no-access' || reason === 'expired' ? reason : null
  return <LoginForm notice={notice} initialStep={loaderData.step} onSignedIn={() => navigate(safeNext(params.get('next')), { replace: true })} />
}
