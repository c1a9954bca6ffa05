import { settingsMessages as m } from '~/entities/site-settings-form'
import { check, unwrap, type Db } from '~/lib/supabase'

/**
 * 'Save All Settings': every setting in one upsert request, which the database runs as one
 * statement, so either all of them are saved or none is (a value a CHECK refuses fails them all).
 * Keys that do not exist yet are only created when they have a value.
 */
export async function saveAllSettings(db: Db, values: Record<string, string>, existing: Record<string, string>): Promise<void> {
  const rows = Object.entries(values)
    .map(([key, value]) => ({ key, value: value.trim() }))
    .filter((row) => row.key in existing || row.value !== '')
  unwrap(await db.from('site_settings').upsert(rows, { onConflict: 'key' }).select('key'), m.updateFailed)
}

/**
 * 'Save All Settings' while publishing needs approval, in one transaction: a changed setting that
 * visitors see waits for review; back-office settings are saved as they are.
 */
export async function saveSettingsForReview(db: Db, values: Record<string, string>): Promise<void> {
  const settings = Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value.trim()]))
  check(await db.rpc('save_settings_for_review', { settings }), m.updateFailed)
}

/** The settings' ids by key: a setting is named by its id as an item of sign-off. */
export async function getSettingIds(db: Db): Promise<Record<string, string>> {
  const rows = unwrap(await db.from('site_settings').select('id, key'), m.fetchFailed)
  return Object.fromEntries(rows.map((row) => [row.key, row.id]))
}

/** Whether this session passed a two-factor code (aal2). */
export async function signedInWithTwoFactor(db: Db): Promise<boolean> {
  const { data } = await db.auth.mfa.getAuthenticatorAssuranceLevel()
  return data?.currentLevel === 'aal2'
}
