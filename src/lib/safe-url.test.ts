// The one rule for stored URLs, where a stored URL becomes a link or an image: the admin's forms and
// the home page's hero image.
import { describe, expect, it } from 'vitest'
import { urlRule } from '../features/admin/lib/schema-rules.ts'
import { DEFAULT_HERO, heroFrom } from '../features/content/home-content.ts'
import { isSafeUrl, isSitePath } from './safe-url.ts'

describe('isSafeUrl', () => {
  // A browser reads a backslash as a slash and drops tabs and newlines, so each of these goes to
  // evil.example, not to a page of this site.
  const elsewhere = ['//evil.example/', '/\\evil.example/', '\\/evil.example/', '/\t/evil.example/', '/\n\\evil.example', ' //evil.example']

  it('refuses addresses a browser reads as another site, in the admin forms and for the hero image', () => {
    for (const url of elsewhere) {
      expect(isSafeUrl(url), JSON.stringify(url)).toBe(false)
      expect(isSitePath(url), JSON.stringify(url)).toBe(false)
      expect(heroFrom({ image: url }).image, JSON.stringify(url)).toBe(DEFAULT_HERO.image)
      expect(urlRule('Image').safeParse(url).success, JSON.stringify(url)).toBe(false)
    }
    for (const url of ['/images/hero.svg', '/', 'https://cdn.example/a.png']) {
      expect(isSafeUrl(url)).toBe(true)
      expect(heroFrom({ image: url }).image).toBe(url)
      expect(urlRule('Image').safeParse(url).success).toBe(true)
    }
  })
})
