// One activity entry as a sentence ("Ada Admin (admin) updated Core banking · 3 min ago"), with
// the changed fields folded away: the Activity screen and the Account screen's own activity.
import { Link } from 'react-router'
import { ACTIVITY_SCREENS, changedBy, verbOf, type ActivityRow } from '~/entities/activity'
import { useFormatRelative, useFormatTime } from '../lib/time-zone'

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  return typeof value === 'string' ? value : JSON.stringify(value)
}

function ItemLink({ row }: { row: ActivityRow }) {
  if (!row.title) return null
  const screen = ACTIVITY_SCREENS[row.table_name]
  const title = <em className="font-medium not-italic text-slate-900">{row.title}</em>
  if (!screen || row.action === 'exported') return title
  const searchable = !['website_content', 'site_settings', 'staff_roles', 'users'].includes(row.table_name)
  return (
    <Link
      className="underline decoration-slate-300 underline-offset-2 hover:decoration-brand-primary"
      to={searchable ? `${screen}?q=${encodeURIComponent(row.title)}` : screen}
    >
      {title}
    </Link>
  )
}

/** An edit's field as recorded: what it was and what it became (other entries record plain values, e.g. a fingerprint). */
function isEdit(value: unknown): value is { before?: unknown; after?: unknown } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && ('before' in value || 'after' in value)
}

function Changes({ changes }: { changes: ActivityRow['changes'] }) {
  if (!changes || typeof changes !== 'object' || Array.isArray(changes)) return null
  const fields = Object.entries(changes as Record<string, unknown>)
  return (
    <details className="mt-1 text-xs text-slate-700">
      <summary className="cursor-pointer text-slate-600">
        What changed ({fields.length} field{fields.length === 1 ? '' : 's'})
      </summary>
      <dl className="mt-1 grid gap-1">
        {fields.map(([field, change]) => (
          <div key={field} className="rounded bg-slate-50 p-2">
            <dt className="font-medium text-slate-800">{field}</dt>
            <dd className="break-words">
              {isEdit(change) ? (
                <>
                  <del className="text-red-800">{show(change.before)}</del> → <ins className="text-emerald-800 no-underline">{show(change.after)}</ins>
                </>
              ) : (
                show(change)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

/** One entry of the log as a sentence: who, the verb, the item (linked to its screen), when and from where. */
export function ActivityEntry({ row }: { row: ActivityRow }) {
  const formatTime = useFormatTime()
  const formatRelative = useFormatRelative()
  return (
    <li className="px-4 py-3 text-sm text-slate-700">
      <p>
        <span className="font-medium text-slate-900">{changedBy(row.actor_name, row.actor_email, row.actor_role)}</span> {verbOf(row.action)}{' '}
        <ItemLink row={row} />
        <span className="text-slate-500">
          {' · '}
          <time dateTime={row.occurred_at} title={formatTime(row.occurred_at, 'full', true)}>
            {formatRelative(row.occurred_at)}
          </time>
          {row.client_address ? ` · from ${row.client_address}` : ''}
        </span>
      </p>
      <Changes changes={row.changes} />
    </li>
  )
}
