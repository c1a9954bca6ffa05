// The company's time zone for every screen of the back office: the shell reads it once (site
// setting time_zone) and screens show and take dates and times in it.
import { createContext, useContext, useState, type ReactNode } from 'react'
import { unwrap, type Db } from '~/lib/supabase'
import { DEFAULT_TIME_ZONE, formatRelative, formatZoned, isTimeZone, type ZonedStyle } from '~/lib/zoned-time'

const TimeZoneContext = createContext(DEFAULT_TIME_ZONE)

export function TimeZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return <TimeZoneContext value={zone}>{children}</TimeZoneContext>
}

export function useTimeZone(): string {
  return useContext(TimeZoneContext)
}

/** formatZoned in the company's time zone: how every screen of the back office shows a time. */
export function useFormatTime(): (at: string | number | Date, style?: ZonedStyle, named?: boolean) => string {
  const zone = useTimeZone()
  return (at, style, named) => formatZoned(at, zone, style, named)
}

/** formatRelative in the company's time zone ("3 min ago", the date past a month). */
export function useFormatRelative(): (at: string) => string {
  const zone = useTimeZone()
  return (at) => formatRelative(at, zone)
}

/** The time a screen was drawn, to tell what is still ahead (a scheduled post, an open job). */
export function useNow(): number {
  const [now] = useState(() => Date.now())
  return now
}

/** The time_zone setting, or the default when it is missing or unknown here. */
export async function getCompanyTimeZone(db: Db): Promise<string> {
  const rows = unwrap(await db.from('site_settings').select('value').eq('key', 'time_zone'), 'Failed to fetch the time zone')
  const zone = rows[0]?.value ?? ''
  return isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE
}
