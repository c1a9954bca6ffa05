import type { Json } from '~/lib/database.types'
import { contentMessages as m } from '~/entities/website-content'
import { unwrap, type Db } from '~/lib/supabase'

export type ContentObject = Record<string, unknown>
/** Content blocks keyed "section/key", e.g. "hero/main". */
export type ContentMap = Record<string, ContentObject>

export async function getWebsiteContent(db: Db): Promise<ContentMap> {
  const rows = unwrap(await db.from('website_content').select('section, key, content'), m.fetchFailed)
  const map: ContentMap = {}
  for (const row of rows) {
    if (row.content && typeof row.content === 'object' && !Array.isArray(row.content)) map[`${row.section}/${row.key}`] = row.content as ContentObject
  }
  return map
}

/** Each stored block's row id, keyed "section/key": its versions are kept under that id. */
export async function getContentIds(db: Db): Promise<Record<string, string>> {
  const rows = unwrap(await db.from('website_content').select('id, section, key'), m.fetchFailed)
  return Object.fromEntries(rows.map((row) => [`${row.section}/${row.key}`, row.id]))
}

/** Saves one block (insert or replace, by section and key). */
export async function saveWebsiteContent(db: Db, section: string, key: string, content: ContentObject): Promise<void> {
  unwrap(
    await db
      .from('website_content')
      .upsert({ section, key, content: content as Json & object }, { onConflict: 'section,key' })
      .select('id')
      .single(),
    m.updateFailed,
  )
}
