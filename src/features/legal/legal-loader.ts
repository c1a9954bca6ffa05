import type { Db } from '~/lib/supabase'
import { loadSafely } from '~/lib/load-safely'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { getLegalDocument } from './api/legal-documents'
import { DEFAULT_PRIVACY, DEFAULT_TERMS } from './default-legal'

/** A legal page's data: the stored text (sanitized) or the built-in default, with its update date. */
export async function loadLegalPage(db: Db, key: 'privacy' | 'terms') {
  const fallback = key === 'privacy' ? DEFAULT_PRIVACY : DEFAULT_TERMS
  const stored = await loadSafely(`Reading legal/${key}`, () => getLegalDocument(db, key), null)
  return {
    title: stored?.title || fallback.title,
    html: sanitizeHtml(stored?.content ?? fallback.content),
    updatedAt: stored?.updatedAt ?? null,
  }
}
