import { reviewMessages } from '~/entities/content-review'
import {
  blockSchema,
  CONTENT_BLOCKS,
  CONTENT_EMPTY,
  contentKind,
  contentMessages as text,
  STATS_BLOCK,
  statsSchema,
  type ContentBlock,
} from '~/entities/website-content'
import { getContentIds, getWebsiteContent, saveWebsiteContent, type ContentMap, type ContentObject } from '~/features/admin/content/api/website-content'
import { addToRelease } from '~/features/admin/reviews/api/releases'
import { loadSignOff, NO_SIGN_OFF, requestReview, saveForReview, type SignOff } from '~/features/admin/reviews/api/reviews'
import { ReviewStates } from '~/features/admin/reviews/components/review-state'
import type { Db } from '~/lib/supabase'
import { ContentScreen } from '~/features/admin/content/components/content-screen'
import { adminAction, attempt, loadOr, parseValues, type ActionBody } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import { revisionIntents } from '~/features/admin/lib/revisions'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { useSiteSettings } from '~/features/settings/use-site-settings'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/content'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Website Content')

/** The blocks as their forms open: a block's change waiting for approval in place of its live copy. */
function withPendingChanges(content: ContentMap, ids: Record<string, string>, signOff: SignOff): ContentMap {
  const shown = { ...content }
  for (const [block, id] of Object.entries(ids)) {
    const pending = signOff.changes[id]?.content
    if (pending && typeof pending === 'object' && !Array.isArray(pending)) shown[block] = pending as ContentObject
  }
  return shown
}

export async function clientLoader() {
  const [content, ids, signOff] = await Promise.all([
    loadOr(text.fetchFailed, getWebsiteContent, {}),
    loadOr(text.fetchFailed, getContentIds, {}),
    loadOr(reviewMessages.fetchFailed, (db) => loadSignOff(db, ['copy', 'legal']), NO_SIGN_OFF),
  ])
  return { content: withPendingChanges(content, ids, signOff), ids, signOff }
}

/** Saves a block; while publishing needs approval a stored block's change waits for review. */
async function saveBlock(db: Db, section: string, key: string, id: unknown, content: ContentObject): Promise<void> {
  if (typeof id === 'string' && (await approvalRequired(db))) await saveForReview(db, contentKind(section), id, { content })
  else await saveWebsiteContent(db, section, key, content)
}

/** The kind a block's sign-off intent names: a legal page, or website copy. */
const blockKind = (body: ActionBody) => (body.kind === 'legal' ? 'legal' : 'copy')

async function savedMessage(db: Db): Promise<string> {
  return (await approvalRequired(db)) ? reviewMessages.savedForReview : text.updated
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
      return attempt(() => saveBlock(db, section, key, body.id, { ...stored, ...input.values }), text.updateFailed, await savedMessage(db))
    }
    const block: ContentBlock | undefined = Object.values(CONTENT_BLOCKS).find((b) => b.section === section && b.key === key)
    if (!block) return { ok: false, toast: { kind: 'error', message: text.updateFailed } }
    const input = parseValues(blockSchema(block), body.values, CONTENT_EMPTY)
    if ('error' in input) return input.error
    const cleaned = Object.fromEntries(block.fields.map((f) => [f.name, f.html ? sanitizeHtml(input.values[f.name]) : input.values[f.name]]))
    return attempt(() => saveBlock(db, block.section, block.key, body.id, { ...stored, ...cleaned }), text.updateFailed, await savedMessage(db))
  },
  requestReview: (db, body) => attempt(() => requestReview(db, blockKind(body), String(body.id), null), reviewMessages.requestFailed, reviewMessages.requested),
  addToRelease: (db, body) =>
    attempt(() => addToRelease(db, String(body.release), blockKind(body), String(body.id)), reviewMessages.addFailed, reviewMessages.added),
})

export default function AdminContentRoute({ loaderData }: Route.ComponentProps) {
  const required = useSiteSettings().content_requires_approval
  return (
    <ReviewStates signOff={loaderData.signOff} required={required}>
      <ContentScreen content={loaderData.content} ids={loaderData.ids} />
    </ReviewStates>
  )
}
