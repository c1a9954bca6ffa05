import { type Db } from '~/lib/supabase'

export interface LegalDocument {
  title: string
  content: string
  updatedAt: string | null
}

/** The stored legal text (website_content, section legal, key privacy or terms), or null. */
export async function getLegalDocument(db: Db, key: 'privacy' | 'terms'): Promise<LegalDocument | null> {
  const { data, error } = await db.from('website_content').select('content, updated_at').eq('section', 'legal').eq('key', key).maybeSingle()
  if (error) throw new Error(`Failed to fetch content: ${error.message}`)
  if (!data) return null
  const content = (data.content ?? {}) as Record<string, unknown>
  const html = typeof content.content === 'string' ? content.content : ''
  if (!html.trim()) return null
  return { title: typeof content.title === 'string' && content.title.trim() ? content.title : '', content: html, updatedAt: data.updated_at }
}
