// /admin/welcome: the page an invitation e-mail opens. The person chooses a password and is signed in.
import { useNavigate } from 'react-router'
import { sessionFromPageLink } from '~/features/admin/auth/api/accept-link'
import { setPasswordAction } from '~/features/admin/auth/api/set-password-action'
import { SetPasswordForm } from '~/features/admin/auth/components/set-password-form'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/welcome'

export async function clientLoader() {
  return { link: await sessionFromPageLink(await adminDb(), 'invite') }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return setPasswordAction(request)
}

// The link is used once: reading it again after the password is set would find it spent.
export function shouldRevalidate() {
  return false
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
