import { describe, expect, it } from 'vitest'
import { savedAgo } from './autosave-status'

describe('savedAgo', () => {
  const at = Date.parse('2026-11-25T10:00:00Z')
  it('reads as staff say it, then gives the time of day', () => {
    expect(savedAgo(at, at)).toBe('a few seconds ago')
    expect(savedAgo(at, at + 59_000)).toBe('a few seconds ago')
    expect(savedAgo(at, at + 90_000)).toBe('a minute ago')
    expect(savedAgo(at, at + 5 * 60_000)).toBe('5 minutes ago')
    expect(savedAgo(at, at + 2 * 3_600_000)).toMatch(/^at \d\d:\d\d$/)
  })
})
