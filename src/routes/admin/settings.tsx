import { KNOWN_KEYS, REQUIRE_TWO_FACTOR_KEY, settingsMessages as text, settingsSchema } from '~/entities/site-settings-form'
import { SITE_SETTINGS_ITEM } from '~/entities/revision'
import { HistoryButton } from '~/features/admin/components/history-panel'
import { PageHeader } from '~/features/admin/components/page-header'
import { adminAction, attempt, loadOr, parseValues } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { reviewMessages } from '~/entities/content-review'
import { addToRelease } from '~/features/admin/reviews/api/releases'
import { loadSignOff, NO_SIGN_OFF, requestReview, type SignOff } from '~/features/admin/reviews/api/reviews'
import { PendingSettings } from '~/features/admin/reviews/components/pending-settings'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import { getSettingIds, saveAllSettings, saveSettingsForReview, signedInWithTwoFactor } from '~/features/admin/settings/api/settings'
import { SettingsForm } from '~/features/admin/settings/components/settings-form'
import { approvalRequired, getStoredSettings } from '~/features/settings/api/site-settings'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import type { Route } from './+types/settings'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Site Settings')

/** The settings as the form opens: a change waiting for approval in place of the live value. */
function withPendingValues(settings: Record<string, string> | null, ids: Record<string, string>, signOff: SignOff) {
  if (!settings) return { settings, pending: [] }
  const shown = { ...settings }
  const pending: { id: string; key: string; live: string; value: string }[] = []
  for (const [key, id] of Object.entries(ids)) {
    const value = signOff.changes[id]?.value
    if (typeof value === 'string') {
      pending.push({ id, key, live: settings[key] ?? '', value })
      shown[key] = value
    }
  }
  return { settings: shown, pending }
}

export async function clientLoader() {
  const [settings, ids, signOff] = await Promise.all([
    loadOr<Record<string, string> | null>(text.fetchFailed, getStoredSettings, null),
    loadOr(text.fetchFailed, getSettingIds, {}),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, 'setting'), NO_SIGN_OFF),
  ])
  return { ...withPendingValues(settings, ids, signOff), signOff }
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
    // While publishing needs approval, a change visitors would read waits for review.
    if (await approvalRequired(db)) return attempt(() => saveSettingsForReview(db, input.values), text.updateFailed, reviewMessages.savedForReview)
    return attempt(() => saveAllSettings(db, input.values, existing), text.updateFailed, text.updated)
  },
  requestReview: (db, body) => attempt(() => requestReview(db, 'setting', String(body.id), null), reviewMessages.requestFailed, reviewMessages.requested),
  addToRelease: (db, body) => attempt(() => addToRelease(db, String(body.release), 'setting', String(body.id)), reviewMessages.addFailed, reviewMessages.added),
})

export default function AdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <PageHeader
        title="Site Settings"
        subtitle="Company details, contact information, brand colours and links used across the website"
        action={
          loaderData.settings ? (
            <HistoryButton table="site_settings" id={SITE_SETTINGS_ITEM} name="Site Settings" current={loaderData.settings} label="History" />
          ) : null
        }
      />
      <PendingSettings pending={loaderData.pending} />
      {loaderData.settings ? <SettingsForm settings={loaderData.settings} /> : null}
    </ReviewStates>
  )
}
