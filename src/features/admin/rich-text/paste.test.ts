// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { richTextExtensions } from './extensions'
import { cleanPastedHtml } from './paste'

const fixture = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/paste', name), 'utf8')

const editors: Editor[] = []
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()))

/** Pastes `html` into an empty visual editor, as a browser paste does, and returns what it holds. */
function paste(html: string): string {
  const editor = new Editor({
    element: document.body.appendChild(document.createElement('div')),
    extensions: richTextExtensions(),
    editorProps: { transformPastedHTML: (pasted) => cleanPastedHtml(pasted) },
  })
  editors.push(editor)
  // jsdom has no ClipboardEvent: a plain paste event without clipboard data is what ProseMirror reads.
  editor.view.pasteHTML(html, new Event('paste') as ClipboardEvent)
  return editor.getHTML()
}

/** What nobody wants from an office document: styles, classes, fonts, spans, comments, Office tags. */
const LEFTOVERS = /style=|class=|<span|<font|<!--|<o:p|mso-|<v:|<w:|file:|docs-internal|font-family|lang=/i

describe('pasting from Word and Google Docs', () => {
  it('keeps the structure of a Word document and drops its Office markup', () => {
    const html = paste(fixture('word.html'))
    expect(html).not.toMatch(LEFTOVERS)
    expect(html).toContain('<h2>Quarterly treasury update</h2>')
    expect(html).toContain('<h2>What changed</h2>')
    expect(html).toMatch(/Our <strong>cash position<\/strong> improved this quarter, and <em>settlement times<\/em> fell/)
    expect(html).toContain('<a href="https://example.com/report-q3" target="_blank" rel="noopener noreferrer">full report</a>')
    // Word's list paragraphs become a bulleted list with a nested item, then a numbered list.
    expect(html).toContain(
      '<ul><li><p>Faster payouts to merchants</p><ul><li><p>Same-day in the UK</p></li></ul></li><li><p>Lower <strong>foreign exchange</strong> fees</p></li></ul>',
    )
    expect(html).toContain('<ol><li><p>Moved reserves to overnight deposits</p></li><li><p>Renegotiated card scheme fees</p></li></ol>')
    expect(html).toMatch(
      /<table><tbody><tr><td><p><strong>Metric<\/strong><\/p><\/td><td><p><strong>Q3<\/strong><\/p><\/td><\/tr><tr><td><p>Settlement time<\/p><\/td><td><p>1.2 days<\/p><\/td><\/tr><\/tbody><\/table>/,
    )
    // The bullets Word draws with characters do not stay as text, and a local file is no image.
    expect(html).not.toMatch(/·|<img/)
    expect(sanitizeHtml(html).replace(/ (?:loading|decoding)="[a-z]+"/g, '')).toBe(html)
  })

  it('keeps the structure of a Google Docs document and drops its styling', () => {
    const html = paste(fixture('google-docs.html'))
    expect(html).not.toMatch(LEFTOVERS)
    // The whole copy is wrapped in a bold element that is not bold.
    expect(html).toContain('<h2>Onboarding checklist</h2><p>New business customers are <strong>verified within a day</strong>, and <em>most</em> need')
    expect(html).toContain('<a href="https://example.com/kyc" target="_blank" rel="noopener noreferrer">identity check</a>')
    expect(html).toContain('<h2>What we ask for</h2>')
    expect(html).toContain("<ul><li><p>Company registration number</p></li><li><p>Directors' <strong>dates of birth</strong></p></li></ul>")
    expect(html).toContain('<ol><li><p>Upload the documents</p></li><li><p>Wait for the confirmation email</p></li></ol>')
    expect(html).toContain(
      '<table><tbody><tr><td><p><strong>Step</strong></p></td><td><p><strong>Time</strong></p></td></tr><tr><td><p>Identity check</p></td><td><p>Minutes</p></td></tr></tbody></table>',
    )
  })

  it('keeps a web page’s links and emphasis, not its scripts, classes or inline images', () => {
    const html = paste(
      '<div class="post"><h3 style="color:red">Rates</h3><p>See <a class="btn" href="/pricing" onclick="track()">pricing</a> and <i>terms</i>.</p>' +
        '<img src="data:image/png;base64,iVBORw0KGgo=" alt="x"><script>alert(1)</script></div>',
    )
    expect(html).toBe('<h3>Rates</h3><p>See <a href="/pricing">pricing</a> and <em>terms</em>.</p>')
  })
})
