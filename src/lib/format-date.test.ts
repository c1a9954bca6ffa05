import { describe, expect, it, vi } from 'vitest'
import { formatDateFixed, formatDateForReader } from './format-date'

const instants = ['2026-03-04T23:30:00Z', '2025-12-31T23:59:59Z', '2026-01-01T00:00:00+01:00', '2024-02-29T12:00:00Z', '1999-07-09T06:15:00Z']
const intl = (timeZone?: string) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone })

describe('dates for readers', () => {
  it('prints the day in UTC exactly as Intl does in en-GB', () => {
    for (const iso of instants) expect(formatDateFixed(iso)).toBe(intl('UTC').format(new Date(iso)))
    expect(formatDateFixed('2026-03-04T23:30:00Z')).toBe('4 March 2026')
  })

  it("prints the day in the reader's own time zone exactly as Intl does there", () => {
    for (const iso of instants) expect(formatDateForReader(iso)).toBe(intl().format(new Date(iso)))
  })

  // A browser's first Intl formatter loads ICU's locale data: a long task on every page with a date.
  it('builds no Intl formatter', () => {
    const made = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      formatDateFixed(instants[0])
      formatDateForReader(instants[0])
      expect(made).not.toHaveBeenCalled()
    } finally {
      made.mockRestore()
    }
  })

  it('prints nothing for a value that is not a date', () => {
    expect(formatDateFixed('not a date')).toBe('')
    expect(formatDateForReader('')).toBe('')
  })
})
