// /admin/welcome: the page an invitation e-mail opens. The person chooses a password and is signed in.
import { useNavigate } from 'react-router'
import { sessionFromLink } from '~/features/admin/auth/api/accept-link'
import { SetPasswordForm } from '~/features/admin/auth/components/set-password-form'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/welcome'

export async function clientLoader() {
  const link = await sessionFromLink(await adminDb(), new URL(window.location.href), 'invite')
  // The tokens in the address have done their work; they stay out of the history.
  window.history.replaceState(window.history.state, '', window.location.pathname)
  return { link }
}

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Welcome')

export default function AdminWelcome({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  return (
    <SetPasswordForm
      link={loaderData.link}
      title="Welcome"
      subtitle="Choose a password"
      submitLabel="Set password and sign in"
      onDone={() => navigate('/admin', { replace: true })}
    />
  )
}
