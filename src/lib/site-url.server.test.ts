import { RouterContextProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { absoluteUrl, parseSiteUrl, siteOriginContext, siteUrl } from './site-url.server'

const at = (url: string, context = new RouterContextProvider()) => ({ request: new Request(url), context })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('siteUrl', () => {
  it('uses SITE_URL when set, whatever host the request came to', () => {
    vi.stubEnv('SITE_URL', 'https://www.example.com/')
    expect(siteUrl(at('http://evil.test/x'))).toBe('https://www.example.com')
    expect(absoluteUrl('/rss.xml')).toBe('https://www.example.com/rss.xml')
    expect(siteUrl(at('http://10.0.0.5:3000/'))).toBe('https://www.example.com')
  })

  it("uses the web server's fixed origin over everything the request says", () => {
    vi.stubEnv('SITE_URL', '')
    const context = new RouterContextProvider()
    context.set(siteOriginContext, 'http://localhost:3000')
    expect(siteUrl(at('http://evil.test/x', context))).toBe('http://localhost:3000')
    expect(absoluteUrl('/sitemap.xml', at('http://evil.test/', context))).toBe('http://localhost:3000/sitemap.xml')
  })

  it('falls back to the request origin, then to localhost on PORT', () => {
    vi.stubEnv('SITE_URL', '')
    vi.stubEnv('PORT', '3501')
    expect(siteUrl(at('http://127.0.0.1:5173/sitemap.xml'))).toBe('http://127.0.0.1:5173')
    expect(siteUrl()).toBe('http://localhost:3501')
  })

  it('refuses a SITE_URL that is not an http(s) origin, saying what is wrong', () => {
    expect(() => parseSiteUrl('www.example.com')).toThrow(/absolute http\(s\) URL/)
    expect(() => parseSiteUrl('ftp://example.com')).toThrow(/http or https/)
    expect(() => parseSiteUrl('https://example.com/blog')).toThrow(/origin only/)
    expect(parseSiteUrl('http://localhost:3000')).toBe('http://localhost:3000')
  })
})
