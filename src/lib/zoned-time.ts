// Times in the company's time zone (site setting time_zone): the back office shows and takes them
// there, the database stores UTC. Intl knows every IANA zone and its daylight-saving rules, so no
// date library is needed.

/** Whether `zone` is an IANA time zone this browser or server knows. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone })
    return zone !== ''
  } catch {
    return false
  }
}

const formats = new Map<string, Intl.DateTimeFormat>()

/** The format under `key`, built once: building one costs far more than formatting with it, and a list formats a time per row. */
function cachedFormat(key: string, build: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key)
  if (!format) {
    format = build()
    formats.set(key, format)
  }
  return format
}

/** The wall-clock fields of `date` in `zone`. */
function wallClock(date: Date, zone: string): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const format = cachedFormat(
    `fields ${zone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      }),
  )
  const fields = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, Number(part.value)]))
  return { year: fields.year, month: fields.month, day: fields.day, hour: fields.hour, minute: fields.minute, second: fields.second }
}

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant as a datetime-local input shows it in `zone`: "2026-12-02T09:00" ('' for no instant). */
export function toZonedInput(iso: string | null | undefined, zone: string): string {
  if (!iso) return ''
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  const t = wallClock(date, zone)
  return `${t.year}-${pad(t.month)}-${pad(t.day)}T${pad(t.hour)}:${pad(t.minute)}`
}

/** A datetime-local value read as wall-clock time in `zone`, as a UTC ISO string ('' when blank or invalid). */
export function fromZonedInput(local: string, zone: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local)
  if (!match) return ''
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  // The zone's offset at that moment, found by reading the guess back; twice covers a DST change.
  let instant = asUtc
  for (let i = 0; i < 2; i++) {
    const t = wallClock(new Date(instant), zone)
    const offset = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute, t.second) - instant
    instant = asUtc - offset
  }
  return new Date(instant).toISOString()
}

/**
 * How much of a moment a screen shows: `moment` "2 Dec, 09:00" (lists), `full` "2 Dec 2026, 09:00",
 * `date` "2 Dec 2026", `day` "2 Dec", `time` "09:00".
 */
export type ZonedStyle = 'moment' | 'full' | 'date' | 'day' | 'time'

const STYLES: Record<ZonedStyle, Intl.DateTimeFormatOptions> = {
  moment: { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  full: { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  day: { day: 'numeric', month: 'short' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
}

/**
 * Every time the back office shows, in the company's `zone` (never the browser's), so a moment reads
 * the same on every screen and to every reader. `named` adds the zone ("09:00 GMT+1") where a reader
 * elsewhere could take it for their own.
 */
export function formatZoned(at: string | number | Date, zone: string, style: ZonedStyle = 'moment', named = false): string {
  const format = cachedFormat(
    `${zone} ${style} ${named}`,
    () => new Intl.DateTimeFormat('en-GB', { timeZone: zone, ...STYLES[style], ...(named ? { timeZoneName: 'short' } : {}) }),
  )
  return format.format(new Date(at))
}

/** "just now", "3 min ago", "2 h ago", "5 days ago", or past a month the date in `zone`. */
export function formatRelative(at: string, zone: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(at).getTime()) / 1000))
  if (seconds < 60) return 'just now'
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`
  if (seconds < 30 * 86400) return `${Math.floor(seconds / 86400)} day${seconds < 2 * 86400 ? '' : 's'} ago`
  return formatZoned(at, zone, 'date')
}
