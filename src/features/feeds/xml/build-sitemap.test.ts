import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { buildSitemap } from './build-sitemap'

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' })

describe('buildSitemap', () => {
  it('lists each URL with its lastmod in W3C Datetime (UTC, to the second)', () => {
    const xml = buildSitemap([
      { loc: 'https://example.com/', lastmod: new Date('2026-11-21T09:30:12.345Z') },
      { loc: 'https://example.com/products', lastmod: null },
    ])
    expect(XMLValidator.validate(xml)).toBe(true)
    const doc = parser.parse(xml)
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    expect(doc.urlset.url).toEqual([{ loc: 'https://example.com/', lastmod: '2026-11-21T09:30:12Z' }, { loc: 'https://example.com/products' }])
  })

  it('escapes URLs (an ampersand in a query would otherwise break the file)', () => {
    const xml = buildSitemap([{ loc: 'https://example.com/?a=1&b=<2>', lastmod: null }])
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(parser.parse(xml).urlset.url[0].loc).toBe('https://example.com/?a=1&b=<2>')
  })

  it('is a valid, empty urlset without entries', () => {
    const xml = buildSitemap([])
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(xml).toContain('<urlset')
  })
})
