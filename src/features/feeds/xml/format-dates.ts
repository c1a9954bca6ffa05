/** W3C Datetime, as sitemaps want it: UTC to the second (2026-11-21T09:30:00Z). */
export function w3cDatetime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z')
}

/** RFC 822 date-time, as RSS 2.0 wants it, with a four-digit year (Sat, 21 Nov 2026 09:30:00 GMT). */
export function rfc822Date(date: Date): string {
  return date.toUTCString()
}

/** The later of some database timestamps (ISO strings); null when there are none. */
export function latest(timestamps: readonly (string | null | undefined)[]): Date | null {
  let newest: Date | null = null
  for (const value of timestamps) {
    if (!value) continue
    const date = new Date(value)
    if (Number.isNaN(date.getTime())) continue
    if (!newest || date > newest) newest = date
  }
  return newest
}
