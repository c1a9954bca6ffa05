import {
  ACTIVITY_EXPORT_LIMIT,
  ACTIVITY_PAGE_SIZE,
  MY_ACTIVITY_ROWS,
  activityMessages as m,
  changedBy,
  verbOf,
  type ActivityFilters,
  type ActivityRow,
  type StaffMember,
} from '~/entities/activity'
import { unwrap, type Db } from '~/lib/supabase'
import { toCsv } from '../../lib/csv'

const DATE = /^\d{4}-\d{2}-\d{2}$/

/** The filters as the URL holds them; anything malformed is no filter. */
export function filtersFrom(params: URLSearchParams): ActivityFilters & { page: number } {
  const date = (key: string) => {
    const value = params.get(key) ?? ''
    return DATE.test(value) && !Number.isNaN(Date.parse(value)) ? value : ''
  }
  const page = Number.parseInt(params.get('page') ?? '1', 10)
  return {
    actor: /^[0-9a-f-]{36}$/i.test(params.get('actor') ?? '') ? (params.get('actor') ?? '') : '',
    area: params.get('area') ?? '',
    action: params.get('action') ?? '',
    from: date('from'),
    to: date('to'),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  }
}

function feedArgs(filters: ActivityFilters) {
  const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86400000).toISOString()
  return {
    by_actor: filters.actor || undefined,
    in_area: filters.area || undefined,
    by_action: filters.action || undefined,
    since: filters.from ? `${filters.from}T00:00:00Z` : undefined,
    until: filters.to ? nextDay(filters.to) : undefined,
  }
}

export interface ActivityPage {
  rows: ActivityRow[]
  hasMore: boolean
}

/** One page of the log, newest first; one row more than a page is asked for, to know whether another follows. */
export async function listActivity(db: Db, filters: ActivityFilters, page: number): Promise<ActivityPage> {
  const rows = unwrap(
    await db.rpc('activity_feed', { ...feedArgs(filters), max_rows: ACTIVITY_PAGE_SIZE + 1, skip: (page - 1) * ACTIVITY_PAGE_SIZE }),
    m.fetchFailed,
  )
  return { rows: rows.slice(0, ACTIVITY_PAGE_SIZE), hasMore: rows.length > ACTIVITY_PAGE_SIZE }
}

/** The signed-in staff member's own latest activity (the Account screen). */
export async function listMyActivity(db: Db, maxRows = MY_ACTIVITY_ROWS): Promise<ActivityRow[]> {
  return unwrap(await db.rpc('my_activity', { max_rows: maxRows }), m.fetchFailed)
}

export async function listStaff(db: Db): Promise<StaffMember[]> {
  return unwrap(await db.rpc('activity_staff'), m.fetchFailed)
}

/** The filtered log as CSV (up to ACTIVITY_EXPORT_LIMIT rows), for an auditor. */
export async function activityCsv(db: Db, filters: ActivityFilters): Promise<string> {
  const rows = unwrap(await db.rpc('activity_feed', { ...feedArgs(filters), max_rows: ACTIVITY_EXPORT_LIMIT }), m.exportFailed)
  return toCsv(
    ['Time (UTC)', 'Actor', 'Actor e-mail', 'Role', 'Client address', 'Action', 'Area', 'Table', 'Item id', 'Item', 'Changes'],
    rows.map((r) => [
      r.occurred_at,
      changedBy(r.actor_name, r.actor_email, r.actor_role),
      r.actor_email,
      r.actor_role,
      r.client_address,
      verbOf(r.action),
      r.area,
      r.table_name,
      r.row_id,
      r.title,
      r.changes ? JSON.stringify(r.changes) : '',
    ]),
  )
}
