import { unwrap, unwrapOptional, type Db } from '~/lib/supabase'

export interface ContentEntry {
  content: Record<string, unknown>
  updatedAt: string
}

function asObject(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

/** One block of editable copy (section + key), or null when the admin has not stored it. */
export async function getContent(db: Db, section: string, key: string): Promise<ContentEntry | null> {
  const row = unwrapOptional(
    await db.from('website_content').select('content, updated_at').eq('section', section).eq('key', key).maybeSingle(),
    'Failed to fetch content',
  )
  return row ? { content: asObject(row.content), updatedAt: row.updated_at } : null
}

/** Several blocks of one section by key (e.g. about: main, mission, vision). */
export async function getContentEntries(db: Db, section: string, keys: string[]): Promise<Record<string, ContentEntry>> {
  const rows = unwrap(await db.from('website_content').select('key, content, updated_at').eq('section', section).in('key', keys), 'Failed to fetch content')
  return Object.fromEntries(rows.map((row) => [row.key, { content: asObject(row.content), updatedAt: row.updated_at }]))
}
