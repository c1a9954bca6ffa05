import { escapeXml } from './escape-xml'
import { rfc822Date } from './format-dates'

export interface RssChannel {
  title: string
  description: string
  /** Absolute URL of the site's home page. */
  link: string
  /** Absolute URL of the feed itself (atom:link rel="self", which feed validators ask for). */
  selfUrl: string
  language: string
  /** When the newest item last changed; omitted when there are no items. */
  lastBuildDate: Date | null
}

export interface RssItem {
  title: string
  /** Absolute URL of the post: its link and its permanent GUID. */
  link: string
  description: string
  pubDate: Date
  category: string
  author: string
}

/** An RSS 2.0 document. */
export function buildRss(channel: RssChannel, items: readonly RssItem[]): string {
  const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`
  const itemXml = items.map((item) =>
    [
      '    <item>',
      `      ${element('title', item.title)}`,
      `      ${element('link', item.link)}`,
      `      <guid isPermaLink="true">${escapeXml(item.link)}</guid>`,
      `      ${element('description', item.description)}`,
      `      ${element('pubDate', rfc822Date(item.pubDate))}`,
      `      ${element('category', item.category)}`,
      // RSS's own <author> must be an e-mail address; Dublin Core carries a plain name.
      `      ${element('dc:creator', item.author)}`,
      '    </item>',
    ].join('\n'),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '  <channel>',
    `    ${element('title', channel.title)}`,
    `    ${element('link', channel.link)}`,
    `    ${element('description', channel.description)}`,
    `    ${element('language', channel.language)}`,
    ...(channel.lastBuildDate ? [`    ${element('lastBuildDate', rfc822Date(channel.lastBuildDate))}`] : []),
    `    <atom:link href="${escapeXml(channel.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...itemXml,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
