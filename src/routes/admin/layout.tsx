// /admin and below. The server sends only the browser's Supabase config (the anon key is public)
// and a spinner; everything else renders in the browser, in the admin's own chunks.
import { Outlet } from 'react-router'
import { Toaster } from '~/components/ui/toast'
import { Spinner } from '~/features/admin/components/spinner'
import { connectAdminDb } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { browserSupabaseConfig } from '~/lib/env.server'
import type { Route } from './+types/layout'

export function loader() {
  return browserSupabaseConfig()
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  const config = await serverLoader()
  // A site-relative URL (the proxied APIs) is the page's own origin, as this browser reached it.
  const url = new URL(config.url, window.location.href).href.replace(/\/+$/, '')
  connectAdminDb({ ...config, url })
  return { ...config, url }
}
clientLoader.hydrate = true as const

// The config never changes while the page is open.
export function shouldRevalidate() {
  return false
}

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Admin')

export function HydrateFallback() {
  return <Spinner label="Loading the back office" className="min-h-screen" />
}

export default function AdminLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
    </>
  )
}
