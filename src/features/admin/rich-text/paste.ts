// Pasted HTML from Word, Google Docs or a web page, turned into the plain structure the editor's
// schema reads: Word's list paragraphs become real lists, Google Docs' styled spans become bold and
// italic, Office markup and comments go. Styles, classes, fonts and spans then fall away on their
// own, because the schema has no place for them.

const WORD_LIST_LEVEL = /mso-list:\s*l(\d+)\s+level(\d+)/i
/** A Word list marker that counts: "1.", "a)", "iv." (anything else is a bullet). */
const NUMBERED_MARKER = /^\s*(?:\d+|[a-z]|[ivxlcdm]+)[.)]/i

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

/** Word writes each list item as a paragraph with `mso-list: l0 level1`; this rebuilds the lists. */
function wordListsToLists(root: Element): void {
  const doc = root.ownerDocument
  const paragraphs = [...root.querySelectorAll<HTMLElement>('p')].filter((p) => WORD_LIST_LEVEL.test(p.getAttribute('style') ?? ''))
  // The open lists of the run being built, one per level.
  let stack: HTMLElement[] = []
  for (const paragraph of paragraphs) {
    const match = WORD_LIST_LEVEL.exec(paragraph.getAttribute('style') ?? '')
    const level = Math.max(1, Number(match?.[2] ?? 1))
    const marker = paragraph.querySelector('[style*="mso-list:Ignore" i], [style*="mso-list: Ignore" i]')
    const numbered = NUMBERED_MARKER.test(marker?.textContent ?? '')
    marker?.remove()
    // A paragraph right after the list being built continues it; any other starts a new list.
    if (stack.length === 0 || paragraph.previousElementSibling !== stack[0]) stack = []
    while (stack.length > level) stack.pop()
    while (stack.length < level) {
      const list = doc.createElement(numbered ? 'ol' : 'ul')
      const parentList = stack.at(-1)
      if (parentList) (parentList.lastElementChild ?? parentList.appendChild(doc.createElement('li'))).appendChild(list)
      else paragraph.before(list)
      stack.push(list)
    }
    const item = doc.createElement('li')
    item.append(...paragraph.childNodes)
    stack[stack.length - 1]!.appendChild(item)
    paragraph.remove()
  }
}

/** Returns pasted HTML with Office and Google Docs markup turned into plain, structural HTML. */
export function cleanPastedHtml(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html')
  const body = doc.body
  // Word's list markers sit in its hidden-content comments: the lists are read before those go.
  wordListsToLists(body)
  removeCommentsAndHiddenMarkers(body)
  // Office namespaced elements (<o:p>, <v:shape>, <w:sdt>) and what never shows.
  for (const element of [...body.querySelectorAll('*')]) {
    if (element.tagName.includes(':') || ['STYLE', 'SCRIPT', 'META', 'LINK', 'XML', 'TITLE'].includes(element.tagName)) element.remove()
  }
  // Google Docs wraps the whole copy in <b style="font-weight:normal" id="docs-internal-guid-…">.
  for (const wrapper of [...body.querySelectorAll<HTMLElement>('b[id^="docs-internal-guid"], b[style*="font-weight:normal" i]')]) {
    unwrap(wrapper)
  }
  // Google Docs sends links through its redirector: keep the address it leads to.
  for (const link of [...body.querySelectorAll('a[href^="https://www.google.com/url?"]')]) {
    const target = new URL(link.getAttribute('href') ?? '').searchParams.get('q')
    if (target) link.setAttribute('href', target)
  }
  styledSpansToTags(body)
  // Google Docs puts each list item's text in a paragraph: a list item holds the text itself.
  for (const paragraph of [...body.querySelectorAll('li > p:only-child')]) unwrap(paragraph)
  // The editor has headings 2 to 4: a title becomes the top heading, the smallest ones the last.
  for (const heading of [...body.querySelectorAll('h1')]) rename(heading, 'h2')
  for (const heading of [...body.querySelectorAll('h5, h6')]) rename(heading, 'h4')
  // Spacing between blocks, which the page's own styles provide: line breaks between blocks and
  // paragraphs with nothing in them.
  for (const lineBreak of [...body.querySelectorAll(':scope > br')]) lineBreak.remove()
  for (const paragraph of [...body.querySelectorAll('p')]) {
    if (paragraph.textContent?.replace(/[\s\u00a0]/g, '') === '' && !paragraph.querySelector('img')) paragraph.remove()
  }
  return body.innerHTML
}
