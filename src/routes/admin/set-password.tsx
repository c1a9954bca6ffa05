// /admin/welcome, which an invitation e-mail opens, and /admin/reset, which a recovery e-mail opens:
// one page that takes the link's session and has the person choose a password, then signs them in.
// A new password ends every other session of the person.
import { useNavigate } from 'react-router'
import { sessionFromPageLink } from '~/features/admin/auth/api/accept-link'
import { setPasswordAction } from '~/features/admin/auth/api/set-password-action'
import { SetPasswordForm } from '~/features/admin/auth/components/set-password-form'
import { adminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/set-password'

const PAGES = {
  welcome: { link: 'invite', pageTitle: 'Welcome', title: 'Welcome', subtitle: 'Choose a password', submitLabel: 'Set password and sign in' },
  reset: { link: 'recovery', pageTitle: 'Reset password', title: 'Set a new password', subtitle: 'Choose a new password', submitLabel: 'Save and sign in' },
} as const

/** The page at this address: the route table mounts this module at /admin/welcome and /admin/reset. */
function pageAt(pathname: string): (typeof PAGES)[keyof typeof PAGES] {
  return /\/welcome\/?$/.test(pathname) ? PAGES.welcome : PAGES.reset
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const page = pageAt(new URL(request.url).pathname)
  return { page, link: await sessionFromPageLink(await adminDb(), page.link) }
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  return setPasswordAction(request)
}

// The link is used once: reading it again after the password is set would find it spent.
export function shouldRevalidate() {
  return false
}

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = ({ location }) => adminMeta(pageAt(location.pathname).pageTitle)

export default function AdminSetPassword({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const { page, link } = loaderData
  return (
    <SetPasswordForm
      link={link}
      title={page.title}
      subtitle={page.subtitle}
      submitLabel={page.submitLabel}
      onDone={() => navigate('/admin', { replace: true })}
    />
  )
}
