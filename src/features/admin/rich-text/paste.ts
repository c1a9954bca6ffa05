// Pasted HTML from Word, Google Docs or a web page, turned into the plain structure the editor's
// schema reads: Word's list paragraphs and Google Docs' flattened lists become nested lists,
// Google Docs' styled spans become bold and italic, a table's header row stays its header, Office
// markup, page breaks and comments go. Styles, classes, fonts and spans then fall away on their
// own, because the schema has no place for them. Word's embedded images, which point at local
// files, are read from the clipboard's RTF (see `pastedPictures`) and uploaded by the editor.
import { nestedListsToLists, readWordStyles, wordListsToLists } from './paste-lists'
import { rtfPictures } from './rtf-pictures'

/** An image that takes the place of a pasted local one, once uploaded and described. */
export interface PlacedImage {
  src: string
  alt: string
  width: number | null
  height: number | null
  caption: string
}

/** A picture of a Word copy, ready to upload: the `index`th <img> of the pasted HTML. */
export interface PastedPicture {
  index: number
  file: File
  /** The alt text Word gave the picture, a starting point for its description. */
  alt: string
}

/** Office elements that hold nothing to show (the content of the others, such as `<w:sdt>`, stays). */
const OFFICE_DROPPED = /^(?:V:|O:P$|W:SDTPR$|XML$)/
const INVISIBLE = ['STYLE', 'SCRIPT', 'META', 'LINK', 'XML', 'TITLE', 'TEMPLATE', 'NOSCRIPT']

function isLocal(src: string | null): boolean {
  return /^file:/i.test(src?.trim() ?? '')
}

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html')
}

/**
 * The pictures behind the local images of a Word copy, from its RTF: the PNG and JPEG ones (a
 * metafile, such as a chart, cannot be shown on a web page and is left out).
 */
export function pastedPictures(html: string, rtf: string): PastedPicture[] {
  if (!rtf || !/<img[^>]+src=["']?file:/i.test(html)) return []
  const images = [...parse(html).body.querySelectorAll('img')]
  const pictures = rtfPictures(rtf)
  const found: PastedPicture[] = []
  images.forEach((image, index) => {
    const picture = pictures[index]
    if (!isLocal(image.getAttribute('src')) || !picture?.type) return
    const name = `pasted-image-${found.length + 1}.${picture.type === 'image/png' ? 'png' : 'jpg'}`
    found.push({
      index,
      file: new File([picture.bytes as Uint8Array<ArrayBuffer>], name, { type: picture.type }),
      alt: image.getAttribute('alt')?.trim() ?? '',
    })
  })
  return found
}

function isComment(node: Node): node is Comment {
  return node.nodeType === 8
}

/** Removes comments and the content Word hides between `<![if !supportLists]>` and `<![endif]>`. */
function removeCommentsAndHiddenMarkers(root: Element): void {
  const walker = root.ownerDocument.createTreeWalker(root, 128 /* NodeFilter.SHOW_COMMENT */)
  const comments: Comment[] = []
  while (walker.nextNode()) comments.push(walker.currentNode as Comment)
  for (const comment of comments) {
    if (/^\[if !support/i.test(comment.data)) {
      let next = comment.nextSibling
      while (next && !(isComment(next) && /^\[endif\]/i.test(next.data))) {
        const after = next.nextSibling
        next.remove()
        next = after
      }
    }
  }
  for (const comment of comments) comment.remove()
}

function unwrap(element: Element): void {
  element.replaceWith(...element.childNodes)
}

function rename(element: Element, tag: string): Element {
  const renamed = element.ownerDocument.createElement(tag)
  renamed.append(...element.childNodes)
  for (const name of ['href', 'src', 'alt', 'title', 'width', 'height', 'colspan', 'rowspan']) {
    const value = element.getAttribute(name)
    if (value !== null) renamed.setAttribute(name, value)
  }
  element.replaceWith(renamed)
  return renamed
}

function isBlankText(element: Element): boolean {
  return (element.textContent ?? '').replace(/[\s\u00a0]/g, '') === ''
}

/**
 * Office's namespaced elements: a content control (`<w:sdt>`, the fields of every Word template)
 * or a smart tag (`<st1:place>`) wraps text that must stay; shapes and Word's empty-paragraph
 * markers hold nothing to show.
 */
function unwrapOfficeElements(root: Element): void {
  for (const element of [...root.querySelectorAll('*')].reverse()) {
    if (!element.tagName.includes(':')) continue
    if (OFFICE_DROPPED.test(element.tagName) && (element.tagName !== 'O:P' || isBlankText(element))) element.remove()
    else unwrap(element)
  }
}

/** Local images become the uploaded ones given for their index, or go. */
function placeLocalImages(root: Element, placed: ReadonlyMap<number, PlacedImage | null>): void {
  const doc = root.ownerDocument
  ;[...root.querySelectorAll('img')].forEach((image, index) => {
    if (!isLocal(image.getAttribute('src'))) return
    const chosen = placed.get(index)
    if (!chosen) {
      image.remove()
      return
    }
    const img = doc.createElement('img')
    img.setAttribute('src', chosen.src)
    img.setAttribute('alt', chosen.alt)
    if (chosen.width) img.setAttribute('width', String(chosen.width))
    if (chosen.height) img.setAttribute('height', String(chosen.height))
    if (!chosen.caption) {
      image.replaceWith(img)
      return
    }
    const figure = doc.createElement('figure')
    const caption = doc.createElement('figcaption')
    caption.textContent = chosen.caption
    figure.append(img, caption)
    image.replaceWith(figure)
  })
}

/** An image is a block of its own: a paragraph around it is split, so no empty line is left. */
function liftImages(root: Element): void {
  for (const image of [...root.querySelectorAll('p img, p figure, h1 img, h2 img, h3 img, h4 img, h5 img, h6 img')]) {
    if (image.tagName === 'IMG' && image.parentElement?.tagName === 'FIGURE') continue
    const block = image.parentElement!.closest('p, h1, h2, h3, h4, h5, h6')!
    const range = image.ownerDocument.createRange()
    range.setStartBefore(block.firstChild ?? block)
    range.setEndBefore(image)
    const before = range.extractContents()
    const head = block.cloneNode(false) as Element
    head.append(before)
    const lifted = image.parentElement?.tagName === 'FIGURE' ? image.parentElement : image
    block.before(head, lifted)
    for (const part of [head, block]) if (isBlankText(part) && !part.querySelector('img')) part.remove()
  }
}

/** Google Docs marks bold, italic, underline and strike with inline styles on spans. */
function styledSpansToTags(root: Element): void {
  for (const span of [...root.querySelectorAll<HTMLElement>('span[style]')]) {
    const style = span.style
    const tags: string[] = []
    if (style.fontWeight === 'bold' || Number(style.fontWeight) >= 600) tags.push('strong')
    if (style.fontStyle === 'italic') tags.push('em')
    const decoration = `${style.textDecoration} ${style.textDecorationLine}`
    // A link's underline is the link's look, not emphasis.
    if (decoration.includes('underline') && !span.closest('a')) tags.push('u')
    if (decoration.includes('line-through')) tags.push('s')
    if (style.verticalAlign === 'super') tags.push('sup')
    if (style.verticalAlign === 'sub') tags.push('sub')
    let inner: Node[] = [...span.childNodes]
    for (const tag of tags.reverse()) {
      const wrapper = span.ownerDocument.createElement(tag)
      wrapper.append(...inner)
      inner = [wrapper]
    }
    span.replaceWith(...inner)
  }
}

/** Returns pasted HTML with Office and Google Docs markup turned into plain, structural HTML. */
export function cleanPastedHtml(html: string): string {
  return cleanPastedDocument(html, new Map())
}

/**
 * `cleanPastedHtml`, with the local images (Word's `file:` sources) replaced by the images
 * `placed` gives for their index among the copy's <img>s; the others go.
 */
export function cleanPastedDocument(html: string, placed: ReadonlyMap<number, PlacedImage | null>): string {
  const doc = parse(html)
  const body = doc.body
  placeLocalImages(body, placed)
  const wordStyles = readWordStyles(doc)
  unwrapOfficeElements(body)
  // Word's list markers sit in its hidden-content comments: the lists are read before those go.
  wordListsToLists(body, wordStyles)
  removeCommentsAndHiddenMarkers(body)
  for (const element of [...body.querySelectorAll(INVISIBLE.join(','))]) element.remove()
  // Google Docs wraps the whole copy in <b style="font-weight:normal" id="docs-internal-guid-…">.
  // The weight is read as CSS reads it: Word's bold, <b style="mso-bidi-font-weight:normal">, is bold.
  for (const wrapper of [...body.querySelectorAll<HTMLElement>('b')]) {
    if (wrapper.id.startsWith('docs-internal-guid') || ['normal', '400'].includes(wrapper.style.fontWeight)) unwrap(wrapper)
  }
  // Google Docs sends links through its redirector: keep the address it leads to.
  for (const link of [...body.querySelectorAll('a[href^="https://www.google.com/url?"]')]) {
    const target = new URL(link.getAttribute('href') ?? '').searchParams.get('q')
    if (target) link.setAttribute('href', target)
  }
  styledSpansToTags(body)
  nestedListsToLists(body)
  // Google Docs puts each list item's text in a paragraph: a list item holds the text itself.
  for (const paragraph of [...body.querySelectorAll('li > p:only-child')]) unwrap(paragraph)
  // A header row is header cells, whatever the source called them (Word writes <td> in <thead>).
  for (const cell of [...body.querySelectorAll('thead td')]) rename(cell, 'th')
  // A page or section break is the printed page's business.
  for (const pageBreak of [...body.querySelectorAll('br')]) {
    if (/page-break-(?:before|after)|mso-special-character:\s*line-break/i.test(pageBreak.getAttribute('style') ?? '')) pageBreak.remove()
  }
  liftImages(body)
  // The editor has headings 2 to 4: a title becomes the top heading, the smallest ones the last.
  for (const heading of [...body.querySelectorAll('h1')]) rename(heading, 'h2')
  for (const heading of [...body.querySelectorAll('h5, h6')]) rename(heading, 'h4')
  // Spacing between blocks, which the page's own styles provide: line breaks and empty inline
  // leftovers between blocks, paragraphs and list items with nothing in them.
  for (const node of [...body.childNodes]) {
    if (
      node.nodeType === 1 &&
      ['BR', 'SPAN', 'FONT', 'B', 'I', 'A'].includes((node as Element).tagName) &&
      isBlankText(node as Element) &&
      !(node as Element).querySelector('img')
    ) {
      ;(node as Element).remove()
    }
  }
  for (const block of [...body.querySelectorAll('p, li')].reverse()) {
    if (isBlankText(block) && !block.querySelector('img, ul, ol, table, hr')) block.remove()
  }
  return body.innerHTML
}
