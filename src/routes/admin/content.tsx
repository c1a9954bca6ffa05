import { blockSchema, CONTENT_BLOCKS, CONTENT_EMPTY, contentMessages as text, STATS_BLOCK, statsSchema, type ContentBlock } from '~/entities/website-content'
import { getContentIds, getWebsiteContent, saveWebsiteContent, type ContentObject } from '~/features/admin/content/api/website-content'
import { ContentScreen } from '~/features/admin/content/components/content-screen'
import { adminAction, attempt, loadOr, parseValues } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { sanitizeHtml } from '~/lib/sanitize-html'
import type { Route } from './+types/content'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Website Content')

export async function clientLoader() {
  const [content, ids] = await Promise.all([loadOr(text.fetchFailed, getWebsiteContent, {}), loadOr(text.fetchFailed, getContentIds, {})])
  return { content, ids }
}

export const clientAction = adminAction({
  restore: revisionIntents.restore,
  // One block: its edited fields checked against the block's rules (stored HTML sanitized), saved
  // over the stored block so keys the form does not edit (e.g. the hero's imageAlt) are kept.
  save: async (db, body) => {
    const { section, key } = body
    const stored = (body.stored ?? {}) as ContentObject
    if (section === STATS_BLOCK.section && key === STATS_BLOCK.key) {
      const input = parseValues(statsSchema, body.values, CONTENT_EMPTY)
      if ('error' in input) return input.error
      return attempt(() => saveWebsiteContent(db, section, key, { ...stored, ...input.values }), text.updateFailed, text.updated)
    }
    const block: ContentBlock | undefined = Object.values(CONTENT_BLOCKS).find((b) => b.section === section && b.key === key)
    if (!block) return { ok: false, toast: { kind: 'error', message: text.updateFailed } }
    const input = parseValues(blockSchema(block), body.values, CONTENT_EMPTY)
    if ('error' in input) return input.error
    const cleaned = Object.fromEntries(block.fields.map((f) => [f.name, f.html ? sanitizeHtml(input.values[f.name]) : input.values[f.name]]))
    return attempt(() => saveWebsiteContent(db, block.section, block.key, { ...stored, ...cleaned }), text.updateFailed, text.updated)
  },
})

export default function AdminContentRoute({ loaderData }: Route.ComponentProps) {
  return <ContentScreen content={loaderData.content} ids={loaderData.ids} />
}
