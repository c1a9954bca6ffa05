import { describe, expect, it } from 'vitest'
import { EMAIL_MAX } from './limits'
import { blankToNull, emailRule, optionalEmailRule, optionalText, optionalUrlRule, requiredText, urlRule } from './rules'

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

describe('text and e-mail rules shared by the admin forms and the lead forms', () => {
  it('refuse a NUL character in admin text, as the lead forms do, with a message beside the field', () => {
    expect(requiredText('Title', 200).safeParse('Core\0banking').error?.issues[0]?.message).toBe('Title contains a character that is not allowed')
    expect(optionalText('Excerpt', 200).safeParse('a\0').success).toBe(false)
    expect(requiredText('Title', 200).safeParse('Core banking').success).toBe(true)
  })

  it('take text trimmed, measure it trimmed, and store blank optional text as null', () => {
    expect(requiredText('Title', 12).parse('  Core banking  ')).toBe('Core banking')
    expect(requiredText('Title', 200).safeParse('   ').error?.issues[0]?.message).toBe('Title is required')
    expect(optionalText('Excerpt', 3).parse(' abc ')).toBe('abc')
    expect(optionalText('Excerpt', 3).parse('   ')).toBeNull()
    expect(blankToNull('  ')).toBeNull()
  })

  it('take addresses trimmed, and store a blank optional one as null', () => {
    expect(urlRule('Image').parse(' https://example.org/a.png ')).toBe('https://example.org/a.png')
    expect(optionalUrlRule('Link').parse(' /about ')).toBe('/about')
    expect(optionalUrlRule('Link').parse('  ')).toBeNull()
  })

  it('take an optional e-mail address blank or well formed, with the same message as a required one', () => {
    expect(optionalEmailRule.parse('  ')).toBe('')
    expect(optionalEmailRule.parse(' sales@example.com ')).toBe('sales@example.com')
    expect(optionalEmailRule.safeParse('not an address').error?.issues[0]?.message).toBe('Please enter a valid email address')
  })

  it('take an e-mail address trimmed, up to 254 characters', () => {
    expect(emailRule.parse('  ada@example.com ')).toBe('ada@example.com')
    expect(emailRule.safeParse(`${'a'.repeat(243)}@example.com`).error?.issues[0]?.message).toBe(`Email must be at most ${EMAIL_MAX} characters`)
    expect(emailRule.safeParse('not an address').error?.issues[0]?.message).toBe('Please enter a valid email address')
  })
})
