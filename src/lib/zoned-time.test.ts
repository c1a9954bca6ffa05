import { describe, expect, it } from 'vitest'
import { formatRelative, formatZoned, fromZonedInput, isTimeZone, toZonedInput } from './zoned-time'

describe('company time zone', () => {
  it('reads a picked date and time in Lagos as UTC', () => {
    expect(fromZonedInput('2026-12-02T09:00', 'Africa/Lagos')).toBe('2026-12-02T08:00:00.000Z')
  })

  it('follows daylight saving in the zone', () => {
    expect(fromZonedInput('2026-07-01T09:00', 'Europe/London')).toBe('2026-07-01T08:00:00.000Z')
    expect(fromZonedInput('2026-01-15T09:00', 'Europe/London')).toBe('2026-01-15T09:00:00.000Z')
  })

  it('shows a stored instant back as the editor picked it', () => {
    expect(toZonedInput('2026-12-02T08:00:00.000Z', 'Africa/Lagos')).toBe('2026-12-02T09:00')
    expect(toZonedInput(null, 'Africa/Lagos')).toBe('')
  })

  it('lists a scheduled time as "2 Dec, 09:00"', () => {
    expect(formatZoned('2026-12-02T08:00:00Z', 'Africa/Lagos')).toBe('2 Dec, 09:00')
  })

  it('shows a moment in full, as a date or a time of day, in the zone and naming it when asked', () => {
    const late = '2026-12-02T23:30:00Z'
    expect(formatZoned(late, 'Africa/Lagos', 'full')).toBe('3 Dec 2026, 00:30')
    expect(formatZoned(late, 'America/New_York', 'date')).toBe('2 Dec 2026')
    expect(formatZoned(late, 'Africa/Lagos', 'time', true)).toBe('00:30 GMT+1')
  })

  it('tells how long ago, and past a month the date in the zone', () => {
    const now = Date.parse('2026-12-02T12:00:00Z')
    expect(formatRelative('2026-12-02T11:57:00Z', 'Africa/Lagos', now)).toBe('3 min ago')
    expect(formatRelative('2026-11-27T12:00:00Z', 'Africa/Lagos', now)).toBe('5 days ago')
    expect(formatRelative('2026-10-31T23:30:00Z', 'Africa/Lagos', now)).toBe('1 Nov 2026')
    expect(formatRelative('2026-10-31T23:30:00Z', 'America/New_York', now)).toBe('31 Oct 2026')
  })

  it('refuses blank input and unknown zones', () => {
    expect(fromZonedInput('', 'Africa/Lagos')).toBe('')
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('Africa/Lagos')).toBe(true)
  })
})
