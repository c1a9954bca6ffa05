/** robots.txt: the whole site may be crawled except the back office; the sitemap is named. */
export function buildRobots(sitemapUrl: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /admin', '', `Sitemap: ${sitemapUrl}`, ''].join('\n')
}
