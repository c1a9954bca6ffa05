import { describe, expect, it } from 'vitest'
import { latest, rfc822Date, w3cDatetime } from './format-dates'

describe('feed dates', () => {
  it('writes W3C Datetime in UTC to the second and RFC 822 with a four-digit year', () => {
    const date = new Date('2026-01-02T03:04:05.678+01:00')
    expect(w3cDatetime(date)).toBe('2026-01-02T02:04:05Z')
    expect(rfc822Date(date)).toBe('Fri, 02 Jan 2026 02:04:05 GMT')
  })

  it('finds the newest of Postgres timestamps (microseconds, offsets), skipping gaps', () => {
    const newest = latest([
      '2026-11-21T09:00:00.123456+00:00',
      undefined,
      '2026-11-21T11:00:00.5+02:00', // 09:00:00.5 UTC: the newest
      null,
      'not a date',
    ])
    expect(newest?.toISOString()).toBe('2026-11-21T09:00:00.500Z')
    expect(latest([])).toBeNull()
  })
})
