// What the archive's requests may name: a moment, a period, a public path.

/** A moment as an ISO timestamp, or null when `value` is none. */
export function archivedMoment(value: string | null): string | null {
  if (!value) return null
  const time = Date.parse(value)
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

/** A path of the public site (with its query), or null: never the back office, a preview or another host. */
export function archivedPath(value: string | null): string | null {
  if (!value || value.length > 500 || !/^\/(?![/\\])[^\s#]*$/.test(value)) return null
  const pathname = value.split('?')[0].toLowerCase()
  return /^\/(admin|preview)(\/|$)/.test(pathname) ? null : value
}

/** A period: its start before its end, or null. */
export function archivedPeriod(from: string | null, to: string | null): { since: string; until: string } | null {
  const since = archivedMoment(from)
  const until = archivedMoment(to)
  return since && until && since <= until ? { since, until } : null
}
