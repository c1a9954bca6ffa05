import { describe, expect, it } from 'vitest'
import { savedAgo } from './autosave-status'

describe('savedAgo', () => {
  const at = Date.parse('2026-11-25T10:00:00Z')
  it('reads as staff say it, then gives the time of day', () => {
    expect(savedAgo(at, at, 'Africa/Lagos')).toBe('a few seconds ago')
    expect(savedAgo(at, at + 59_000, 'Africa/Lagos')).toBe('a few seconds ago')
    expect(savedAgo(at, at + 90_000, 'Africa/Lagos')).toBe('a minute ago')
    expect(savedAgo(at, at + 5 * 60_000, 'Africa/Lagos')).toBe('5 minutes ago')
    // The time of day in the company's zone, whatever the browser's.
    expect(savedAgo(at, at + 2 * 3_600_000, 'Africa/Lagos')).toBe('at 11:00')
    expect(savedAgo(at, at + 2 * 3_600_000, 'Asia/Tokyo')).toBe('at 19:00')
  })
})
