import { DEFAULT_SITE_SETTINGS, DEFAULT_TEXT_SETTINGS, safeColor, type RetentionPeriods, type SiteSettings, type TextSettings } from '~/entities/site-settings'
import { unwrap, type Db } from '~/lib/supabase'
import { isTimeZone } from '~/lib/zoned-time'

/** Every stored setting as key → value, as the Site Settings screen edits them (keys it does not know included). */
export async function getStoredSettings(db: Db): Promise<Record<string, string>> {
  const rows = unwrap(await db.from('site_settings').select('key, value').order('key'), 'Failed to fetch settings')
  return Object.fromEntries(rows.map((row) => [row.key, row.value]))
}

/** The site settings, each of its type, over the defaults: the one way the web app reads them. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  return siteSettingsFrom(await getStoredSettings(db))
}

/** Whether publishing needs approval now, read afresh (a save decides by the setting as it is then). */
export async function approvalRequired(db: Db): Promise<boolean> {
  return (await getSiteSettings(db)).content_requires_approval
}

const RETENTION_KEYS: Record<keyof RetentionPeriods, string> = {
  contactMessages: 'retention_contact_messages_days',
  applications: 'retention_applications_days',
  futureRoles: 'retention_future_roles_days',
  unsubscribed: 'retention_unsubscribed_days',
}

/** The stored rows (key → value) as typed settings; blank stored text falls back too, except optional links. */
export function siteSettingsFrom(stored: Record<string, string>): SiteSettings {
  const settings: SiteSettings = { ...DEFAULT_SITE_SETTINGS }
  for (const key of Object.keys(DEFAULT_TEXT_SETTINGS) as (keyof TextSettings)[]) {
    const value = stored[key]
    if (typeof value === 'string' && value.trim() !== '') settings[key] = value.trim()
  }
  // Colours go into CSS: only hex colours pass, anything else falls back to the default.
  settings.primary_color = safeColor(settings.primary_color, DEFAULT_SITE_SETTINGS.primary_color)
  settings.secondary_color = safeColor(settings.secondary_color, DEFAULT_SITE_SETTINGS.secondary_color)
  const zone = stored.time_zone?.trim() ?? ''
  if (isTimeZone(zone)) settings.time_zone = zone
  settings.retention = retentionFrom(stored)
  settings.content_requires_approval = stored.content_requires_approval === 'true'
  return settings
}

function retentionFrom(stored: Record<string, string>): RetentionPeriods | null {
  const periods: Partial<RetentionPeriods> = {}
  for (const [field, key] of Object.entries(RETENTION_KEYS) as [keyof RetentionPeriods, string][]) {
    const days = Number(stored[key])
    if (!Number.isInteger(days) || days <= 0) return null
    periods[field] = days
  }
  return periods as RetentionPeriods
}
