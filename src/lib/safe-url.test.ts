import { describe, expect, it } from 'vitest'
import { isSafeLink, isSafeUrl, isSitePath } from './safe-url.ts'

describe('isSafeUrl', () => {
  // A browser reads a backslash as a slash and drops tabs and newlines, so each of these goes to
  // evil.example, not to a page of this site.
  const elsewhere = ['//evil.example/', '/\\evil.example/', '\\/evil.example/', '/\t/evil.example/', '/\n\\evil.example', ' //evil.example']

  it('refuses addresses a browser reads as another site', () => {
    for (const url of elsewhere) {
      expect(isSafeUrl(url), JSON.stringify(url)).toBe(false)
      expect(isSitePath(url), JSON.stringify(url)).toBe(false)
      expect(isSafeLink(url), JSON.stringify(url)).toBe(false)
    }
  })

  it('accepts paths on this site and web addresses', () => {
    for (const url of ['/images/hero.svg', '/', '/a\\b', 'https://cdn.example/a.png']) {
      expect(isSafeUrl(url), url).toBe(true)
      expect(isSafeLink(url), url).toBe(true)
    }
    expect(isSafeUrl('https://')).toBe(false)
    expect(isSafeLink('mailto:a@example.com')).toBe(true)
  })
})
