import { describe, expect, it } from 'vitest'
import { optionalUrlRule, urlRule } from './rules'

describe('URL rules of the admin forms', () => {
  it('refuse an address a browser reads as another site, with a message that says why', () => {
    for (const url of ['//evil.example/', '/\\evil.example/']) {
      const result = urlRule('Image').safeParse(url)
      expect(result.success, url).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Image must start with http://, https:// or a single /')
      expect(optionalUrlRule('Link').safeParse(url).success, url).toBe(false)
    }
    for (const url of ['/images/a.png', 'https://example.org/']) expect(urlRule('Image').safeParse(url).success).toBe(true)
    expect(optionalUrlRule('Link').safeParse('').success).toBe(true)
  })
})
