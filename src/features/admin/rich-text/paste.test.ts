// @vitest-environment jsdom
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { Editor } from '@tiptap/core'
import { afterEach, describe, expect, it } from 'vitest'
import { sanitizeHtml } from '~/lib/sanitize-html'
import { richTextExtensions } from './extensions'
import sharp from 'sharp'
import { cleanPastedDocument, cleanPastedHtml, pastedPictures, type PlacedImage } from './paste'

const fixture = (name: string) => readFileSync(path.join(process.cwd(), 'tests/fixtures/paste', name), 'utf8')

const editors: Editor[] = []
afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()))

/** What the editor holds once cleaned HTML is inserted into it, as the editor inserts a Word copy with pictures. */
function insert(html: string): string {
  const editor = new Editor({ element: document.body.appendChild(document.createElement('div')), extensions: richTextExtensions() })
  editors.push(editor)
  editor.commands.insertContent(html, { parseOptions: { preserveWhitespace: false } })
  return editor.getHTML()
}

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

  it('keeps Word’s bold, which Word marks as not bold for right-to-left text', () => {
    const html = paste(fixture('word-template.html'))
    expect(html).toContain(
      '<p><strong>Treasury analyst</strong>, Lagos, 2021 to now. Ran the <em>daily</em> cash position across <strong>nine</strong> currencies.</p>',
    )
    expect(html).toContain('<p><strong>BSc Accounting</strong>, University of Lagos</p>')
  })

  it('keeps the text of Word’s content controls, the fields of its templates', () => {
    const html = paste(fixture('word-template.html'))
    expect(html).not.toMatch(LEFTOVERS)
    expect(html).toMatch(
      /^<p>Ada Obi<\/p><p>ada\.obi@example\.com, \+234 801 000 0000<\/p><p>Treasury analyst with six years of cash forecasting for payment companies\.<\/p>/,
    )
  })

  it('keeps numbered headings numbered, as list items, and leaves no line for a page break', () => {
    const html = paste(fixture('word-template.html'))
    expect(html).toContain('payment companies.</p><ol><li><p><strong>Experience</strong></p></li></ol><p><strong>Treasury analyst</strong>')
    // The second heading carries on counting; the page break before it leaves nothing behind.
    expect(html).toContain('currencies.</p><ol start="2"><li><p><strong>Education</strong></p></li></ol><p><strong>BSc')
    expect(html).not.toMatch(/<br|<p><\/p>/)
  })

  it('nests Word’s lists as the document shows them', () => {
    const html = paste(fixture('word-lists.html'))
    expect(html).not.toMatch(LEFTOVERS)
    expect(html).toBe(
      '<h2>Payment run checklist</h2>' +
        // A paragraph that continues an item stays in it, the sub-items after it too; the empty
        // item goes; a level skipped nests one step.
        '<ul><li><p>Check the cut-off times</p><p>Cut-offs move on bank holidays.</p><ul><li><p>Sterling: 15:30</p></li><li><p>Euro: 14:00</p></li></ul></li>' +
        '<li><p>Confirm the approvers</p><ul><li><p>Two of the three directors</p></li></ul></li></ul>' +
        '<p>Then, in order:</p>' +
        // "(a)" counts, as Word's list style says; the list carries on counting after a paragraph.
        '<ol><li><p>Export the payment file</p><ol><li><p>Use the bank’s template</p></li><li><p>Check the totals</p></li></ol></li><li><p>Upload it</p></li></ol>' +
        '<p><strong>If the upload fails</strong></p><ol start="3"><li><p>Call the bank’s helpdesk</p></li></ol>',
    )
  })

  it('nests Google Docs lists that start below the first level or skip one, with no empty item', () => {
    const html = paste(fixture('google-docs-lists.html'))
    expect(html).not.toMatch(LEFTOVERS)
    expect(html).toBe(
      '<p>If a payment file is rejected:</p>' +
        "<ol><li><p>Page the on-call engineer</p></li><li><p>Tell the client's contact</p></li><li><p>Open an incident</p><ol><li><p>Severity from the runbook</p></li></ol></li></ol>" +
        '<p>Owners:</p><ul><li><p>Treasury</p><ol><li><p>The cash manager</p></li><li><p>Her deputy</p></li></ol></li><li><p>Operations</p></li></ul>',
    )
  })

  it('keeps a table’s header row as its header', () => {
    const html = paste(fixture('word-document.html'))
    // Word writes its repeated header row as <td> cells in a <thead>.
    expect(html).toContain(
      '<table><thead><tr><th><p><strong>Currency</strong></p></th><th><p><strong>Cut-off</strong></p></th></tr></thead>' +
        '<tbody><tr><td><p>GBP</p></td><td><p>15:30</p></td></tr><tr><td><p>EUR</p></td><td><p>14:00</p></td></tr></tbody></table>',
    )
    const web =
      '<table><thead><tr><th><p>Plan</p></th><th><p>Price</p></th></tr></thead><tbody><tr><td><p>Basic</p></td><td><p>Free</p></td></tr></tbody></table>'
    expect(paste(web)).toBe(web)
    expect(sanitizeHtml(web)).toBe(web)
  })

  it('reads the pictures of a Word copy from its RTF, in the order of its images', async () => {
    const pictures = pastedPictures(fixture('word-document.html'), fixture('word-document.rtf'))
    expect(pictures.map(({ index, file, alt }) => ({ index, name: file.name, type: file.type, alt }))).toEqual([
      { index: 0, name: 'pasted-image-1.png', type: 'image/png', alt: 'Cash position by week' },
      { index: 1, name: 'pasted-image-2.jpg', type: 'image/jpeg', alt: '' },
    ])
    const sizes = await Promise.all(pictures.map(async ({ file }) => sharp(Buffer.from(await file.arrayBuffer())).metadata()))
    expect(sizes.map(({ format, width, height }) => ({ format, width, height }))).toEqual([
      { format: 'png', width: 48, height: 32 },
      { format: 'jpeg', width: 40, height: 30 },
    ])
    // A copy from anywhere else has no such pictures.
    expect(pastedPictures(fixture('google-docs.html'), fixture('word-document.rtf'))).toEqual([])
  })

  it('puts the uploaded pictures where Word’s images were, and leaves no empty line for one left out', () => {
    const html = fixture('word-document.html')
    const chart: PlacedImage = { src: 'https://cdn.example.com/media/chart.png', alt: 'Cash position by week', width: 48, height: 32, caption: '' }
    const team: PlacedImage = { src: '/media/team.jpg', alt: '', width: 40, height: 30, caption: 'The team' }
    expect(
      insert(
        cleanPastedDocument(
          html,
          new Map([
            [0, chart],
            [1, team],
          ]),
        ),
      ),
    ).toContain(
      '</table><img src="https://cdn.example.com/media/chart.png" alt="Cash position by week" width="48" height="32"><p>The team sits together on Thursdays.</p>' +
        '<figure><img src="/media/team.jpg" alt="" width="40" height="30"><figcaption>The team</figcaption></figure>',
    )
    expect(
      insert(
        cleanPastedDocument(
          html,
          new Map([
            [1, null],
            [0, chart],
          ]),
        ),
      ),
    ).toMatch(/alt="Cash position by week" width="48" height="32"><p>The team sits together on Thursdays\.<\/p>$/)
    // Pasted as HTML alone (no pictures to upload), the images go, with the lines they stood on.
    expect(paste(html)).toMatch(/<\/table><p>The team sits together on Thursdays\.<\/p>$/)
  })
})
