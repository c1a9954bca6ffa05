import { reviewMessages, type ItemKind } from '~/entities/content-review'
import { releaseMessages as text, releasePreviewPath } from '~/entities/release'
import { PageHeader } from '~/features/admin/components/page-header'
import { adminAction, attempt, loadOr, refused } from '~/features/admin/lib/admin-action'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import {
  addToRelease,
  createRelease,
  createReleasePreview,
  listPendingItems,
  listReleaseItems,
  listReleases,
  publishRelease,
  removeFromRelease,
  rollBackRelease,
  scheduleRelease,
} from '~/features/admin/reviews/api/releases'
import { listReviewStates, requestReview } from '~/features/admin/reviews/api/reviews'
import { ReleasesScreen } from '~/features/admin/reviews/components/releases-screen'
import type { Db } from '~/lib/supabase'
import { approvalRequired } from '~/features/settings/api/site-settings'
import type { Route } from './+types/releases'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Releases')

/** The releases shown in full (items and their changes): the newest ones. */
const DETAILED = 20

async function loadReleases(db: Db) {
  const [releases, pending, reviews, required] = await Promise.all([
    listReleases(db),
    listPendingItems(db),
    listReviewStates(db, 'release'),
    approvalRequired(db),
  ])
  const items = await Promise.all(releases.slice(0, DETAILED).map(async (release) => [release.id, await listReleaseItems(db, release.id)] as const))
  return { releases, items: Object.fromEntries(items), pending, reviews, required }
}

export async function clientLoader() {
  return loadOr(text.fetchFailed, loadReleases, { releases: [], items: {}, pending: [], reviews: [], required: false })
}

export { reloadOnWritesOnly as shouldRevalidate } from '~/features/admin/lib/use-url-filters'

const timeOf = (value: unknown): string | null => (typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : null)

export const clientAction = adminAction({
  create: async (db, body) => {
    const name = typeof body.name === 'string' ? body.name.trim() : ''
    if (!name) return refused(text.nameNeeded, { name: text.nameNeeded })
    return attempt(() => createRelease(db, name, timeOf(body.publishAt)), text.createFailed, text.created)
  },
  schedule: (db, body) => attempt(() => scheduleRelease(db, String(body.id), timeOf(body.publishAt)), text.scheduleFailed, text.scheduled),
  add: (db, body) =>
    attempt(() => addToRelease(db, String(body.release), body.kind as ItemKind, String(body.id)), reviewMessages.addFailed, reviewMessages.added),
  remove: (db, body) => attempt(() => removeFromRelease(db, String(body.release), body.kind as ItemKind, String(body.id)), text.removeFailed, text.removed),
  requestReview: (db, body) => attempt(() => requestReview(db, 'release', String(body.id), null), reviewMessages.requestFailed, reviewMessages.requested),
  publish: (db, body) => attempt(() => publishRelease(db, String(body.id)), text.publishFailed, text.published),
  preview: async (db, body) => {
    let token = ''
    const result = await attempt(async () => (token = await createReleasePreview(db, String(body.id))), text.previewFailed, text.previewCreated)
    return result.ok ? { ...result, link: releasePreviewPath(token) } : result
  },
  rollBack: (db, body) => attempt(() => rollBackRelease(db, String(body.id)), text.rollBackFailed, text.rolledBack),
})

export default function AdminReleasesRoute({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Releases" subtitle="Changes reviewed together and launched as one, at once or at a set time" />
      <ReleasesScreen {...loaderData} />
    </>
  )
}
