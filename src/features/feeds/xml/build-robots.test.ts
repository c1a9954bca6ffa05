import { describe, expect, it } from 'vitest'
import { buildRobots } from './build-robots'

describe('buildRobots', () => {
  it('allows the site, keeps crawlers out of /admin and names the sitemap', () => {
    const lines = buildRobots('https://example.com/sitemap.xml').split('\n')
    expect(lines).toEqual(['User-agent: *', 'Allow: /', 'Disallow: /admin', '', 'Sitemap: https://example.com/sitemap.xml', ''])
  })
})
