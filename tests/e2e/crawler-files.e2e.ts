// The crawler files as the served product answers them (npm start, no SITE_URL: absolute URLs use
// the origin the request came to), and the pages they point at.
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { PUBLIC_ROUTES } from './support/public-routes.ts'
import { siteUrl } from './support/product.ts'

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'item' })

async function fetchXml(path: string, contentType: string) {
  const response = await fetch(new URL(path, siteUrl))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toBe(contentType)
  const text = await response.text()
  expect(XMLValidator.validate(text)).toBe(true)
  return parser.parse(text)
}

async function sitemapLocs(): Promise<string[]> {
  const doc = await fetchXml('/sitemap.xml', 'application/xml; charset=utf-8')
  return doc.urlset.url.map((url: { loc: string }) => url.loc)
}

async function feedLinks(): Promise<string[]> {
  const doc = await fetchXml('/rss.xml', 'application/rss+xml; charset=utf-8')
  return (doc.rss.channel.item ?? []).map((item: { link: string }) => item.link)
}

describe('crawler files of the served product', () => {
  it('robots.txt keeps crawlers out of /admin and names the sitemap on this origin', async () => {
    const response = await fetch(new URL('/robots.txt', siteUrl))
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const text = await response.text()
    expect(text).toMatch(/^Disallow: \/admin$/m)
    expect(text).toContain(`Sitemap: ${siteUrl}/sitemap.xml`)
  })

  it('the sitemap lists the public pages on this origin, and nothing of the back office', async () => {
    const locs = await sitemapLocs()
    for (const route of PUBLIC_ROUTES) expect(locs).toContain(new URL(route, siteUrl).href)
    expect(locs.every((loc) => loc.startsWith(`${siteUrl}/`))).toBe(true)
    expect(locs.filter((loc) => new URL(loc).pathname.startsWith('/admin'))).toEqual([])
  })

  it('the feed links posts on this origin', async () => {
    const links = await feedLinks()
    expect(links.length).toBeGreaterThan(0)
    expect(links.every((link) => link.startsWith(`${siteUrl}/resources/blog/`))).toBe(true)
  })
  it('every URL in the sitemap and the feed is a page that answers 200', async () => {
    const urls = [...new Set([...(await sitemapLocs()), ...(await feedLinks())])]
    const failures: string[] = []
    for (const url of urls) {
      const response = await fetch(url, { redirect: 'manual' })
      if (response.status !== 200) failures.push(`${response.status} ${url}`)
    }
    expect(failures).toEqual([])
  })

  it('every public page links the RSS feed from its head', async () => {
    for (const route of PUBLIC_ROUTES) {
      const html = await (await fetch(new URL(route, siteUrl))).text()
      const head = html.slice(0, html.indexOf('</head>'))
      const feedLink = (head.match(/<link\b[^>]*>/g) ?? []).find((tag) => tag.includes('rel="alternate"') && tag.includes('type="application/rss+xml"'))
      expect(feedLink, route).toMatch(/href="[^"]*\/rss\.xml"/)
    }
  })
})
