// /admin/reset: the page a recovery e-mail opens. A new password ends every other session of the person.
import { useNavigate } from 'react-router'
import { sessionFromPageLink } from '~/features/admin/auth/api/accept-link'
import { setPasswordAction } from '~/features/admin/auth/api/set-password-action'
import { SetPasswordForm } from '~/features/admin/auth/components/set-password-form'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/reset'

export async function clientLoader() {
  return { link: await sessionFromPageLink(await adminDb(), 'recovery') }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return setPasswordAction(request)
}

// The link is used once: reading it again after the password is set would find it spent.
export function shouldRevalidate() {
  return false
}

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Reset password')

export default function AdminReset({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  return (
    <SetPasswordForm
      link={loaderData.link}
      title="Set a new password"
      subtitle="Choose a new password"
      submitLabel="Save and sign in"
      onDone={() => navigate('/admin', { replace: true })}
    />
  )
}
