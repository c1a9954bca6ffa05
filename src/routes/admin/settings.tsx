import { KNOWN_KEYS, REQUIRE_TWO_FACTOR_KEY, settingsMessages as text, settingsSchema } from '~/entities/site-settings-form'
import { SITE_SETTINGS_ITEM } from '~/entities/revision'
import { HistoryButton } from '~/features/admin/components/history-panel'
import { PageHeader } from '~/features/admin/components/page-header'
import { adminAction, attempt, loadOr, parseValues } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { saveAllSettings, signedInWithTwoFactor } from '~/features/admin/settings/api/settings'
import { SettingsForm } from '~/features/admin/settings/components/settings-form'
import { getStoredSettings } from '~/features/settings/api/site-settings'
import type { Route } from './+types/settings'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Site Settings')

export async function clientLoader() {
  return { settings: await loadOr<Record<string, string> | null>(text.fetchFailed, getStoredSettings, null) }
}

export const clientAction = adminAction({
  restore: revisionIntents.restore,
  save: async (db, body) => {
    const existing = await getStoredSettings(db).catch(() => ({}) as Record<string, string>)
    const extraKeys = Object.keys(existing).filter((key) => !KNOWN_KEYS.has(key))
    const input = parseValues(settingsSchema(extraKeys), body.values, text.updateFailed)
    if ('error' in input) return input.error
    // The database refuses it too: requiring two-factor at aal1 would lock this admin out.
    if (input.values[REQUIRE_TWO_FACTOR_KEY] === 'true' && existing[REQUIRE_TWO_FACTOR_KEY] !== 'true' && !(await signedInWithTwoFactor(db))) {
      return { ok: false, toast: { kind: 'error', message: text.updateFailed }, fieldErrors: { [REQUIRE_TWO_FACTOR_KEY]: text.twoFactorFirst } }
    }
    return attempt(() => saveAllSettings(db, input.values, existing), text.updateFailed, text.updated)
  },
})

export default function AdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader
        title="Site Settings"
        subtitle="Company details, contact information, brand colours and links used across the website"
        action={
          loaderData.settings ? (
            <HistoryButton table="site_settings" id={SITE_SETTINGS_ITEM} name="Site Settings" current={loaderData.settings} label="History" />
          ) : null
        }
      />
      {loaderData.settings ? <SettingsForm settings={loaderData.settings} /> : null}
    </>
  )
}
