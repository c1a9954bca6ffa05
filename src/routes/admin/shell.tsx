// The guard of every /admin page but the login: no session goes to /admin/login, a session without
// a staff role too (with a message). The sidebar lists the screens of the person's role; the URL of
// any other screen shows the no-access page (the database refuses its data anyway). An expired
// access token is renewed silently by supabase-js; when it cannot be, the person is sent to sign in
// again and comes back to the same page.
import { useEffect, useRef } from 'react'
import { Outlet, redirect, useLocation, useNavigate } from 'react-router'
import { AdminShell } from '~/features/admin/components/admin-shell'
import { canOpen, navFor } from '~/features/admin/components/admin-nav'
import { NoAccess } from '~/features/admin/components/no-access'
import { Spinner } from '~/features/admin/components/spinner'
import { signOut } from '~/features/admin/auth/api/sign-out'
import { countNewMessages } from '~/features/admin/inbox/api/contact-messages'
import { adminDb, staffSession } from '~/features/admin/lib/admin-db'
import { TimeZoneProvider } from '~/features/admin/lib/time-zone'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import type { Route } from './+types/shell'

function loginUrl(request: Request, reason?: string): string {
  const { pathname } = new URL(request.url)
  const params = new URLSearchParams({ next: pathname })
  if (reason) params.set('reason', reason)
  return `/admin/login?${params}`
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const db = await adminDb()
  const session = await staffSession()
  if (session.kind === 'signed-out' || session.kind === 'needs-code') throw redirect(loginUrl(request))
  if (session.kind === 'no-access') {
    await signOut(db)
    throw redirect('/admin/login?reason=no-access')
  }
  const { staff } = session
  // "Require two-factor for all staff": nothing but the Account screen until an authenticator is set up.
  if (staff.twoFactorSetupDue && new URL(request.url).pathname !== '/admin/account') throw redirect('/admin/account')
  const newMessages = staff.permissions.includes('leads.read') ? await countNewMessages(db).catch(() => 0) : 0
  return { db, staff, newMessages }
}

// A change of a list's filters (its search params) needs no new session check.
export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

export function HydrateFallback() {
  return <Spinner label="Checking your session" className="min-h-screen" />
}

export default function AdminGuard({ loaderData }: Route.ComponentProps) {
  const { db, staff, newMessages } = loaderData
  // The root's settings are read again after every write, so a new time zone shows at once.
  const { time_zone: timeZone } = useSiteSettings()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const loggingOut = useRef(false)

  useEffect(() => {
    // The refresh token was refused (expired, revoked, signed out in another tab): sign in again,
    // then come back here. Open dialogs keep their drafts in this tab (use-draft.ts).
    const { data } = db.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT' && !loggingOut.current) {
        const next = window.location.pathname
        navigate(`/admin/login?${new URLSearchParams({ next, reason: 'expired' })}`, { replace: true })
      }
    })
    return () => data.subscription.unsubscribe()
  }, [db, navigate])

  const logout = async () => {
    loggingOut.current = true
    await signOut(db)
    navigate('/admin/login', { replace: true })
  }

  return (
    <AdminShell greetingName={staff.name} nav={navFor(staff.permissions)} newMessages={newMessages} onLogout={() => void logout()}>
      <TimeZoneProvider zone={timeZone}>{canOpen(pathname, staff.permissions) ? <Outlet /> : <NoAccess role={staff.role} />}</TimeZoneProvider>
    </AdminShell>
  )
}
