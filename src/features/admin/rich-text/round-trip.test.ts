// @vitest-environment jsdom
import { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { richTextExtensions } from './extensions'

const editors: Editor[] = []
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()))

/** What the visual editor makes of `html`: the HTML tab shows exactly this. */
function visual(html: string): string {
  const editor = new Editor({ extensions: richTextExtensions(), content: html })
  editors.push(editor)
  return editor.getHTML()
}

// Every element of the sanitizer's allow-list (span aside: it may carry no attribute, so it means
// nothing and the editor unwraps it), with every allowed attribute where it applies.
const EVERY_ELEMENT = [
  '<h2>Heading two</h2>',
  '<h3>Heading three</h3>',
  '<h4>Heading four</h4>',
  '<p><strong>bold</strong> <b>b</b> <em>italic</em> <i>i</i> <u>underline</u> <s>strike</s> <code>code</code>',
  ' H<sub>2</sub>O x<sup>2</sup> <mark>marked</mark> <small>small print</small><br>next line</p>',
  '<p><a href="https://example.com/a" target="_blank" rel="noopener noreferrer">web</a> <a href="/about" title="About us">site</a>',
  ' <a href="/careers" target="_blank" rel="noopener noreferrer">new tab</a> <a href="mailto:hello@example.com">mail</a>',
  ' <a href="tel:+441234567">phone</a> <a href="#faq">fragment</a></p>',
  '<ul><li><p>one</p><ul><li><p>nested</p></li></ul></li><li><p>two</p></li></ul>',
  '<ol><li><p>first</p></li><li><p>second</p></li></ol>',
  '<ol start="3"><li><p>third</p></li></ol>',
  '<blockquote><p>Quoted</p></blockquote>',
  '<pre><code>const a = 1 &lt; 2\n</code></pre>',
  '<hr>',
  '<img src="https://cdn.example.com/chart.png" alt="A chart" title="Chart" width="800" height="600">',
  '<img src="/images/divider.png" alt="" width="10" height="2">',
  '<figure><img src="/images/team.jpg" alt="The team" width="1200" height="800"><figcaption>The team, <em>2026</em></figcaption></figure>',
  '<table><thead><tr><th colspan="2"><p>Plan</p></th></tr></thead><tbody><tr><td><p>Basic</p></td><td rowspan="2"><p>Free</p></td></tr><tr><td><p>Pro</p></td></tr></tbody></table>',
  '<table><tbody><tr><th><p>Row</p></th><td><p>header cell in the body</p></td></tr></tbody></table>',
].join('')

const TAGS = ['h2', 'h3', 'h4', 'p', 'br', 'strong', 'em', 'u', 's', 'code', 'sub', 'sup', 'mark', 'small', 'a', 'ul', 'ol', 'li']
const MORE_TAGS = ['blockquote', 'pre', 'hr', 'img', 'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td']

describe('the visual editor and the sanitizer', () => {
  it('round-trips every allowed element: Visual -> HTML -> sanitizer -> Visual changes nothing', () => {
    const html = visual(EVERY_ELEMENT)
    const parsed = new DOMParser().parseFromString(html, 'text/html')
    for (const tag of [...TAGS, ...MORE_TAGS]) expect(parsed.querySelector(tag), tag).not.toBeNull()
    expect(visual(sanitizeHtml(html))).toBe(html)
    expect(visual(html)).toBe(html)
    expect(html).toContain('<ol start="3">')
    expect(html).toContain('<thead><tr><th colspan="2"><p>Plan</p></th></tr></thead><tbody><tr><td><p>Basic</p></td>')
  })

  it('keeps what the sanitizer keeps: the same elements and attributes after a save', () => {
    const html = visual(EVERY_ELEMENT)
    const normal = (value: string) => new DOMParser().parseFromString(value, 'text/html').body
    const saved = normal(sanitizeHtml(html))
    saved.querySelectorAll('img').forEach((img) => {
      // Set by the sanitizer on render, not part of the content.
      img.removeAttribute('loading')
      img.removeAttribute('decoding')
    })
    expect(saved.isEqualNode(normal(html))).toBe(true)
  })

  it('cannot make what the sanitizer drops: styles, classes, scripts, unsafe links and data: images', () => {
    const html = visual(
      '<h1 class="x">Title</h1><p style="color:red" onclick="x()">Text <a href="javascript:alert(1)">bad</a> <span style="font-family:Arial">font</span></p>' +
        '<img src="data:image/png;base64,AAAA" alt="inline"><ol start="3" type="a"><li>three</li></ol><pre><code class="language-js">x</code></pre>' +
        '<table style="width:100%"><colgroup><col style="width:50px"></colgroup><tbody><tr><td style="text-align:right" colwidth="50">cell</td></tr></tbody></table>',
    )
    expect(html).not.toMatch(/style=|class=|onclick|javascript:|data:|type=|colgroup|colwidth|<span|<h1/)
    expect(html).toContain('Title')
    expect(html).toContain('<ol start="3"><li><p>three</p></li></ol>')
  })
})
