import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { escapeXml } from './escape-xml'

describe('escapeXml', () => {
  it('escapes the five XML specials so text cannot open a tag or end an attribute', () => {
    expect(escapeXml(`Tom & Jerry's <b>"Q&A"</b>`)).toBe('Tom &amp; Jerry&apos;s &lt;b&gt;&quot;Q&amp;A&quot;&lt;/b&gt;')
  })

  it('drops characters XML cannot hold, keeping tabs, newlines and emoji', () => {
    const text = `a\u0000b\u0008c\u000Bd\tE\nF\u{1F680}\uD800g\uFFFF`
    const escaped = escapeXml(text)
    expect(escaped).toBe('abcd\tE\nF\u{1F680}g')
    expect(escapeXml('line\r\nbreak')).toBe('line\r\nbreak')
    const doc = `<t a="${escaped}">${escaped}</t>`
    expect(XMLValidator.validate(doc)).toBe(true)
    expect(new XMLParser({ ignoreAttributes: false, trimValues: false }).parse(doc).t['#text']).toBe('abcd\tE\nF\u{1F680}g')
  })
})
