import { unwrapOptional, type Db } from '~/lib/supabase'

export interface LegalDocument {
  title: string
  content: string
  updatedAt: string | null
}

/** The stored legal text (website_content, section legal, key privacy or terms), or null. */
export async function getLegalDocument(db: Db, key: 'privacy' | 'terms'): Promise<LegalDocument | null> {
  const data = unwrapOptional(
    await db.from('website_content').select('content, updated_at').eq('section', 'legal').eq('key', key).maybeSingle(),
    'Failed to fetch content',
  )
  if (!data) return null
  const content = (data.content ?? {}) as Record<string, unknown>
  const html = typeof content.content === 'string' ? content.content : ''
  if (!html.trim()) return null
  return { title: typeof content.title === 'string' && content.title.trim() ? content.title : '', content: html, updatedAt: data.updated_at }
}
