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

  it('leaves no empty image behind a hostile one', () => {
    const out = sanitizeHtml('<p>a<img onerror="alert(1)">b<img src="javascript:alert(1)" alt="x"><img src=/i.png onerror=alert(1)></p><img alt="no source">')
    expect(out).toBe('<p>ab<img src="/i.png" loading="lazy" decoding="async"></p>')
  })

  it('keeps where a numbered list starts, and nothing else called start', () => {
    expect(sanitizeHtml('<ol start="3"><li>c</li></ol>')).toBe('<ol start="3"><li>c</li></ol>')
    expect(sanitizeHtml('<ol start="-1"><li>c</li></ol><ul start="2"><li>d</li></ul><p start="2">e</p>')).toBe('<ol><li>c</li></ol><ul><li>d</li></ul><p>e</p>')
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

describe('links that only look site-relative', () => {
  // A browser reads a backslash as a slash and drops tabs and newlines, so each of these goes to
  // evil.example, not to a page of this site.
  const elsewhere = ['//evil.example/', '/\\evil.example/', '\\/evil.example/', '/\t/evil.example/', '/\n\\evil.example', ' //evil.example']

  it('drops them from links, and drops images that lead there', () => {
    for (const url of elsewhere) {
      const out = sanitizeHtml(`<a href="${url}">x</a><img src="${url}" alt="i">`)
      expect(out, JSON.stringify(url)).toBe('<a>x</a>')
    }
  })

  it('keeps real paths on this site', () => {
    expect(sanitizeHtml('<a href="/resources/blog/a\\b">x</a>')).toBe('<a href="/resources/blog/a\\b">x</a>')
    expect(sanitizeHtml('<a href="/">home</a><a href="#top">top</a>')).toBe('<a href="/">home</a><a href="#top">top</a>')
  })
})
