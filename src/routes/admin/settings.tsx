import { SettingsManager } from '~/features/admin/settings/components/settings-manager'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/settings'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Site Settings')

export default function AdminSettingsManagerRoute() {
  return <SettingsManager />
}
