import { Link } from 'react-router'
import type { RecordHealth } from '~/entities/publication-record'
import { useFormatTime } from '../../lib/time-zone'

/** The warning a broken chain puts on the dashboard and the archive: which record, since when it was found. */
export function RecordHealthNotice({ health }: { health: RecordHealth | null }) {
  const formatTime = useFormatTime()
  if (!health || health.intact !== false) return null
  return (
    <div role="alert" className="mb-5 grid gap-1 rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-950">
      <p className="font-semibold">The publication record is broken at record {health.firstBroken}</p>
      <p>
        {health.reason} Found by the daily check{health.checkedAt ? ` of ${formatTime(health.checkedAt, 'full', true)}` : ''}. Records after it can no longer be
        proven untampered: tell an admin, and keep the last export made before it.{' '}
        <Link to="/admin/archive" className="font-medium underline">
          Open the archive
        </Link>
      </p>
    </div>
  )
}
