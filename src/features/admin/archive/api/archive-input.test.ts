import { describe, expect, it } from 'vitest'
import { archivedMoment, archivedPath, archivedPeriod } from './archive-input'

describe('what the archive may be asked for', () => {
  it('takes a moment as an instant, and nothing else', () => {
    expect(archivedMoment('2030-03-01T10:00:00+01:00')).toBe('2030-03-01T09:00:00.000Z')
    expect(archivedMoment('yesterday')).toBeNull()
    expect(archivedMoment(null)).toBeNull()
  })

  it('takes a public path, never the back office, a preview or another host', () => {
    expect(archivedPath('/resources?q=loans')).toBe('/resources?q=loans')
    for (const path of ['/admin', '/Admin/staff', '/preview/abc', '//evil.example', '/\\evil', 'https://x.example/', 'about', '/a b']) {
      expect(archivedPath(path)).toBeNull()
    }
  })

  it('takes a period whose end is not before its start', () => {
    expect(archivedPeriod('2030-01-01T00:00:00Z', '2030-02-01T00:00:00Z')).toEqual({ since: '2030-01-01T00:00:00.000Z', until: '2030-02-01T00:00:00.000Z' })
    expect(archivedPeriod('2030-02-01T00:00:00Z', '2030-01-01T00:00:00Z')).toBeNull()
  })
})
