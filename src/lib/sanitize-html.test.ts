import { describe, expect, it } from 'vitest'
import { sanitizeHtml } from './sanitize-html.ts'

describe('sanitizeHtml', () => {
  it('keeps the formatting the blog editor writes', () => {
    const html = '<h2>Title</h2><p><strong>b</strong> <em>i</em></p><ul><li>x</li></ul><blockquote>q</blockquote><pre><code>c</code></pre>'
    expect(sanitizeHtml(html)).toBe(html)
  })

  it('drops script, handlers, iframes, objects, embeds, styles and forms', () => {
    const out = sanitizeHtml(
      '<p onclick="x()">a<script>alert(1)</script></p><img src="/i.svg" onerror="alert(1)" alt=""><iframe src="https://x.example"></iframe><object data="x"></object><embed src="x"><style>p{}</style><form action="/x"><input name="a"></form>',
    )
    expect(out).not.toMatch(/script|onclick|onerror|iframe|object|embed|style|form|input/i)
    expect(out).toContain('<img src="/i.svg" alt=""')
  })

  it('drops javascript: and data: URLs', () => {
    const out = sanitizeHtml('<a href="javascript:alert(1)">j</a><a href=" JaVaScRiPt:alert(1)">k</a><img src="data:image/svg+xml;base64,PHN2Zz4=">')
    expect(out).not.toMatch(/javascript|data:/i)
  })

  it('opens links to other sites safely and lazy-loads images', () => {
    const out = sanitizeHtml('<a href="https://example.org/x">out</a><a href="/about">in</a><img src="https://example.org/i.png" alt="i">')
    expect(out).toContain('<a href="https://example.org/x" rel="noopener noreferrer" target="_blank">out</a>')
    expect(out).toContain('<a href="/about">in</a>')
    expect(out).toContain('loading="lazy"')
  })
})
