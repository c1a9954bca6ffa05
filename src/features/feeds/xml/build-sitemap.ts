import { escapeXml } from './escape-xml'
import { w3cDatetime } from './format-dates'

export interface SitemapEntry {
  /** Absolute URL of the page. */
  loc: string
  /** When the page's content last changed; omitted from the file when unknown. */
  lastmod: Date | null
}

/** A sitemaps.org urlset document. */
export function buildSitemap(entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastmod = entry.lastmod ? `<lastmod>${w3cDatetime(entry.lastmod)}</lastmod>` : ''
    return `  <url><loc>${escapeXml(entry.loc)}</loc>${lastmod}</url>`
  })
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n')
}
