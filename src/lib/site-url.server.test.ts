import { afterEach, describe, expect, it, vi } from 'vitest'
import { absoluteUrl, parseSiteUrl, siteOrigin, siteUrl } from './site-url.server'

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('siteUrl', () => {
  it('uses SITE_URL when set, whatever host the request came to', () => {
    vi.stubEnv('SITE_URL', 'https://www.example.com/')
    expect(siteUrl(new Request('http://evil.test/x'))).toBe('https://www.example.com')
    expect(absoluteUrl('/rss.xml')).toBe('https://www.example.com/rss.xml')
    expect(siteOrigin(new Request('http://10.0.0.5:3000/'))).toBe('https://www.example.com')
  })

  it('falls back to the request origin, then to localhost on PORT', () => {
    vi.stubEnv('SITE_URL', '')
    vi.stubEnv('PORT', '3501')
    expect(siteUrl(new Request('http://127.0.0.1:5173/sitemap.xml'))).toBe('http://127.0.0.1:5173')
    expect(siteUrl()).toBe('http://localhost:3501')
  })

  it('refuses a SITE_URL that is not an http(s) origin, saying what is wrong', () => {
    expect(() => parseSiteUrl('www.example.com')).toThrow(/absolute http\(s\) URL/)
    expect(() => parseSiteUrl('ftp://example.com')).toThrow(/http or https/)
    expect(() => parseSiteUrl('https://example.com/blog')).toThrow(/origin only/)
    expect(parseSiteUrl('http://localhost:3000')).toBe('http://localhost:3000')
  })
})
