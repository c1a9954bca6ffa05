import { unwrap, type Db } from '~/lib/supabase'

/** Every site setting as a key → value map (company name, contact details, brand colours…). */
export async function getSiteSettings(db: Db): Promise<Record<string, string>> {
  const rows = unwrap(await db.from('site_settings').select('key, value'), 'Failed to fetch settings')
  return Object.fromEntries(rows.map((row) => [row.key, row.value]))
}
