import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { buildRss, type RssChannel } from './build-rss'

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' })

const channel: RssChannel = {
  title: 'Ledger & Co <Blog>',
  description: 'Banking "software"',
  link: 'https://example.com/',
  selfUrl: 'https://example.com/rss.xml',
  language: 'en',
  lastBuildDate: new Date('2026-11-21T10:00:00Z'),
}

describe('buildRss', () => {
  it('writes an RSS 2.0 channel with escaped text, a self link and an RFC 822 build date', () => {
    const xml = buildRss(channel, [])
    expect(XMLValidator.validate(xml)).toBe(true)
    const { rss } = parser.parse(xml)
    expect(rss['@_version']).toBe('2.0')
    expect(rss.channel.title).toBe('Ledger & Co <Blog>')
    expect(rss.channel.description).toBe('Banking "software"')
    expect(rss.channel.link).toBe('https://example.com/')
    expect(rss.channel.lastBuildDate).toBe('Sat, 21 Nov 2026 10:00:00 GMT')
    expect(rss.channel['atom:link']).toMatchObject({
      '@_href': 'https://example.com/rss.xml',
      '@_rel': 'self',
      '@_type': 'application/rss+xml',
    })
  })

  it('gives each item its link as a permanent GUID, an RFC 822 pubDate and its author as dc:creator', () => {
    const xml = buildRss(channel, [
      {
        title: 'Rates & <Risk>',
        link: 'https://example.com/resources/blog/rates',
        description: 'Why "core" matters & more',
        pubDate: new Date('2026-03-05T08:04:05Z'),
        category: 'Banking',
        author: "Ada O'Neil",
      },
    ])
    expect(XMLValidator.validate(xml)).toBe(true)
    const [item] = parser.parse(xml).rss.channel.item
    expect(item).toEqual({
      title: 'Rates & <Risk>',
      link: 'https://example.com/resources/blog/rates',
      guid: { '#text': 'https://example.com/resources/blog/rates', '@_isPermaLink': 'true' },
      description: 'Why "core" matters & more',
      pubDate: 'Thu, 05 Mar 2026 08:04:05 GMT',
      category: 'Banking',
      'dc:creator': "Ada O'Neil",
    })
  })

  it('leaves lastBuildDate out when nothing was published', () => {
    const xml = buildRss({ ...channel, lastBuildDate: null }, [])
    expect(XMLValidator.validate(xml)).toBe(true)
    expect(xml).not.toContain('lastBuildDate')
  })
})
