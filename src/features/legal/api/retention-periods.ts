import { unwrap, type Db } from '~/lib/supabase'

/** How long each kind of personal data is kept, in days (site settings the daily retention run applies). */
export interface RetentionPeriods {
  contactMessages: number
  applications: number
  futureRoles: number
  unsubscribed: number
}

const KEYS = {
  retention_contact_messages_days: 'contactMessages',
  retention_applications_days: 'applications',
  retention_future_roles_days: 'futureRoles',
  retention_unsubscribed_days: 'unsubscribed',
} as const

/** The retention settings, or null when one is missing (the page then does not state periods). */
export async function getRetentionPeriods(db: Db): Promise<RetentionPeriods | null> {
  const rows = unwrap(await db.from('site_settings').select('key, value').in('key', Object.keys(KEYS)), 'Failed to fetch retention periods')
  const periods: Partial<RetentionPeriods> = {}
  for (const row of rows) {
    const days = Number(row.value)
    if (row.key in KEYS && Number.isInteger(days) && days > 0) periods[KEYS[row.key as keyof typeof KEYS]] = days
  }
  const complete = Object.values(KEYS).every((field) => periods[field] !== undefined)
  return complete ? (periods as RetentionPeriods) : null
}
