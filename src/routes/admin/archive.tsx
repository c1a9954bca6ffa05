import { archiveMessages as text } from '~/entities/publication-record'
import { archivedMoment, archivedPath, archivedPeriod } from '~/features/admin/archive/api/archive-input'
import { requestArchivedPage, requestExport } from '~/features/admin/archive/api/archive-requests'
import { getChanges, getRecordHealth, verifyRecord } from '~/features/admin/archive/api/records'
import type { ArchiveView } from '~/features/admin/archive/archive-view'
import { ArchiveScreen } from '~/features/admin/archive/components/archive-screen'
import { adminAction, attempt, loadOr, refused } from '~/features/admin/lib/admin-action'
import { staffDb, staffSession } from '~/features/admin/lib/admin-db'
import { adminHeaders, adminMeta } from '~/features/admin/lib/admin-meta'
import type { Route } from './+types/archive'

export const headers: Route.HeadersFunction = () => adminHeaders()
export const meta: Route.MetaFunction = () => adminMeta('Archive')

/** The moment (?at=, now when absent), the page (?path=, the home page) and a second moment to compare with (?compare=). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const query = new URL(request.url).searchParams
  const at = archivedMoment(query.get('at')) ?? new Date().toISOString()
  const path = archivedPath(query.get('path')) ?? '/'
  const compare = archivedMoment(query.get('compare'))
  const session = await staffSession()
  const canVerify = session.kind === 'staff' && session.staff.role === 'admin'
  const db = await staffDb()
  let view: ArchiveView | null = null
  let error: string | null = null
  if (db) {
    try {
      view = await requestArchivedPage(db, at, path)
    } catch (failure) {
      error = failure instanceof Error ? failure.message : text.renderFailed
    }
  }
  const [since, until] = compare && compare < at ? [compare, at] : [at, compare ?? at]
  const [changes, health] = await Promise.all([
    compare ? loadOr(text.fetchFailed, (db) => getChanges(db, since, until), []) : Promise.resolve([]),
    loadOr(text.fetchFailed, getRecordHealth, null),
  ])
  return { at, path, compare, view, error, changes, health, canVerify }
}

export const clientAction = adminAction({
  // The ZIP is built by the web server and handed to the screen as a link to download.
  export: async (db, body) => {
    const period = archivedPeriod(typeof body.from === 'string' ? body.from : null, typeof body.to === 'string' ? body.to : null)
    if (!period) return refused(text.badRange)
    let link = ''
    const result = await attempt(async () => (link = await requestExport(db, period.since, period.until)), text.exportFailed, text.exported)
    return result.ok ? { ...result, link } : result
  },
  verify: async (db) => {
    try {
      const verification = await verifyRecord(db)
      return verification.intact
        ? { ok: true, toast: { kind: 'success', message: `${text.verified}: ${verification.checked} records` } }
        : refused(`The publication record is broken at record ${verification.firstBroken}: ${verification.reason}`)
    } catch (error) {
      console.error(text.verifyFailed, error)
      return refused(text.verifyFailed)
    }
  },
})

export default function AdminArchiveRoute({ loaderData }: Route.ComponentProps) {
  return <ArchiveScreen key={`${loaderData.at} ${loaderData.path} ${loaderData.compare}`} {...loaderData} />
}
