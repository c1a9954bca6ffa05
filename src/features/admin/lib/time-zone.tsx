// The company's time zone for every screen of the back office: the shell provides it (site setting
// time_zone, from the root's settings) and screens show and take dates and times in it.
import { createContext, useContext, useState, type ReactNode } from 'react'
import { DEFAULT_SITE_SETTINGS } from '~/entities/site-settings'
import { formatRelative, formatZoned, type ZonedStyle } from '~/lib/zoned-time'

const TimeZoneContext = createContext(DEFAULT_SITE_SETTINGS.time_zone)

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
