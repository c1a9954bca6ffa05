import type { PreviewRow } from '~/lib/release-preview.server'
import { unwrap, type Db } from '~/lib/supabase'

const TOKEN = /^[0-9a-f]{64}$/

/** The items of the release a preview link opens, as they will be live; none for an unknown, expired or spent link. */
export async function getReleasePreview(db: Db, token: string): Promise<PreviewRow[]> {
  if (!TOKEN.test(token)) return []
  const rows = unwrap(await db.rpc('release_preview', { token }), 'Failed to fetch the release preview')
  return rows.map((row) => ({ table_name: row.table_name, item: row.item as Record<string, unknown> }))
}

/** The public pages a release's items show on, besides the site's main pages. */
export function pagesOf(rows: readonly PreviewRow[]): { path: string; label: string }[] {
  const prefixes: Record<string, string> = { blog_posts: '/resources/blog/', solutions: '/solutions/', job_openings: '/careers/' }
  return rows.flatMap((row) => {
    const prefix = prefixes[row.table_name]
    const slug = typeof row.item.slug === 'string' ? row.item.slug : null
    const title = typeof row.item.title === 'string' ? row.item.title : slug
    return prefix && slug ? [{ path: `${prefix}${slug}`, label: title ?? slug }] : []
  })
}
