// Lists as word processors put them on the clipboard, rebuilt as the nested <ul>/<ol> the editor
// reads. Word writes every item as a paragraph (or heading) with `mso-list: l1 level2 lfo3` and
// its marker as text; its stylesheet says which levels count (`@list l1:level2
// {mso-level-number-format:alpha-lower}`). Google Docs writes each item's level (`aria-level`) and
// marker style (`list-style-type`) on the <li>, and nests a deeper level's list directly inside
// the list, not inside an item. Both are read as a sequence of items with a level, then nested
// again: a level that is skipped, or a list that starts below the first level, nests one step at
// a time, so no item is left empty.

const WORD_LIST = /mso-list:\s*l(\d+)\s+level(\d+)(?:\s+lfo(\d+))?/i
const NUMBERED_FORMAT = /^(?!bullet|image|none)/i
/** A marker that counts: "1.", "1.1.", "(2)", "a)", "iv." (a symbol, or "o", is a bullet). */
const NUMBERED_MARKER = /\d|^\(?[a-z]{1,4}[.)]/i
const ORDERED_STYLE = /^(?:decimal|lower-|upper-|\w+-(?:alpha|latin|roman|numeric))/i
const INDENT_PT = 36

interface Item {
  level: number
  ordered: boolean
  /** Which list the item belongs to: items of another list at the same level start a new one. */
  list: string
  /** Where the item's text starts, in points (Word), to place the paragraphs that continue it. */
  margin: number
  content: Node[]
}

interface Frame {
  list: HTMLElement
  level: number
  ordered: boolean
  key: string
  margin: number
  item: HTMLElement | null
}

/**
 * Nests a run of items. Numbered lists that resume after an interruption (a paragraph, a
 * heading) carry on counting with `start`, as the document showed them.
 */
class ListBuilder {
  private stack: Frame[] = []

  constructor(
    private readonly doc: Document,
    /** Items counted so far per list and level, kept across interruptions. */
    private readonly counts: Map<string, number>,
  ) {}

  /** Adds an item; a new top-level list goes before `anchor`. */
  add(item: Item, anchor: Node): void {
    const stack = this.stack
    // Back out of deeper levels; a level between two open ones takes the place of the deeper.
    while (stack.length > 0 && stack.at(-1)!.level > item.level) {
      if (stack.length > 1 && stack.at(-2)!.level >= item.level) stack.pop()
      else stack.at(-1)!.level = item.level
    }
    let frame = stack.at(-1)
    if (frame && frame.level === item.level && (frame.ordered !== item.ordered || frame.key !== item.list)) {
      stack.pop()
      frame = undefined
    }
    const counter = `${item.list}:${item.level}`
    if (!frame || frame.level < item.level) {
      const list = this.doc.createElement(item.ordered ? 'ol' : 'ul')
      const resumed = this.counts.get(counter) ?? 0
      if (item.ordered && resumed > 0) list.setAttribute('start', String(resumed + 1))
      const parent = stack.at(-1)?.item
      if (parent) parent.append(list)
      else anchor.parentNode?.insertBefore(list, anchor)
      frame = { list, level: item.level, ordered: item.ordered, key: item.list, margin: item.margin, item: null }
      stack.push(frame)
    }
    // A new item at a level restarts the numbering of the levels below it.
    for (const key of this.counts.keys()) {
      const [list, level] = key.split(':')
      if (list === item.list && Number(level) > item.level) this.counts.delete(key)
    }
    this.counts.set(counter, (this.counts.get(counter) ?? 0) + 1)
    const li = this.doc.createElement('li')
    li.append(...item.content)
    frame.list.append(li)
    frame.item = li
    frame.margin = item.margin
  }

  /**
   * Puts a paragraph that continues an item (indented to its text, with no marker) into the
   * deepest open item whose text starts at or before it. False when it is indented less than
   * every open item: it interrupts the list.
   */
  attach(block: Element, margin: number): boolean {
    const index = this.stack.findLastIndex((frame) => frame.item && frame.margin <= margin + 1)
    if (index === -1) return false
    this.stack.length = index + 1
    this.stack[index]!.item!.append(block)
    return true
  }

  get open(): boolean {
    return this.stack.length > 0
  }

  close(): void {
    this.stack = []
  }
}

// Word --------------------------------------------------------------------------------------------

/** What Word's stylesheet says about lists and list paragraphs. */
export interface WordStyles {
  /** Per `l{id}:level{n}`: whether that level counts. Absent: Word's default, decimal numbers. */
  numbered: Map<string, boolean>
  /** Left margin in points per class (`MsoListParagraphCxSpMiddle`). */
  classMargins: Map<string, number>
}

function points(length: string | undefined): number | null {
  const match = /^\s*(-?\d*\.?\d+)\s*(pt|in|cm|mm|px)?\s*$/i.exec(length ?? '')
  if (!match) return null
  const value = Number(match[1])
  const unit = (match[2] ?? 'pt').toLowerCase()
  return value * ({ pt: 1, in: 72, cm: 72 / 2.54, mm: 72 / 25.4, px: 0.75 } as Record<string, number>)[unit]!
}

/** Reads the list levels and class margins from the copy's <style> elements. */
export function readWordStyles(doc: Document): WordStyles {
  const css = [...doc.querySelectorAll('style')].map((style) => style.textContent ?? '').join('\n')
  const numbered = new Map<string, boolean>()
  for (const [, id, level, body] of css.matchAll(/@list\s+l(\d+):level(\d+)\s*\{([^}]*)\}/gi)) {
    const format = /mso-level-number-format:\s*([^;\s]+)/i.exec(body!)?.[1]
    numbered.set(`${id}:${level}`, format === undefined || NUMBERED_FORMAT.test(format))
  }
  const classMargins = new Map<string, number>()
  for (const [, selectors, body] of css.matchAll(/([^{}@]+)\{([^}]*)\}/g)) {
    const margin = points(/margin-left:\s*([^;]+)/i.exec(body!)?.[1])
    if (margin === null) continue
    for (const [, name] of selectors!.matchAll(/\.([\w-]+)/g)) classMargins.set(name!, margin)
  }
  return { numbered, classMargins }
}

function styleOf(element: Element, property: string): string | undefined {
  return new RegExp(`(?:^|;)\\s*${property}:\\s*([^;]+)`, 'i').exec(element.getAttribute('style') ?? '')?.[1]?.trim()
}

/** Where a Word paragraph's text starts: its own margin, else its class's. */
function wordMargin(element: Element, styles: WordStyles, fallback: number): number {
  const own = points(styleOf(element, 'margin-left'))
  if (own !== null) return own
  for (const name of element.classList) {
    const margin = styles.classMargins.get(name)
    if (margin !== undefined) return margin
  }
  return fallback
}

function isComment(node: Node, text: RegExp): boolean {
  return node.nodeType === 8 && text.test((node as Comment).data)
}

/** Removes a list paragraph's marker ("1.", "·", "a)") and returns its text. */
function takeMarker(paragraph: Element): string {
  let text = ''
  // The marker sits between <![if !supportLists]> and <![endif]>, which parse as comments.
  const start = [...paragraph.childNodes].find((node) => isComment(node, /^\[if !supportLists\]/i))
  if (start) {
    let next = start.nextSibling
    while (next && !isComment(next, /^\[endif\]/i)) {
      const after = next.nextSibling
      text += next.textContent ?? ''
      next.remove()
      next = after
    }
    next?.remove()
    start.remove()
  }
  for (const marker of paragraph.querySelectorAll('span[style*="mso-list"]')) {
    if (!/mso-list:\s*ignore/i.test(marker.getAttribute('style') ?? '')) continue
    text += marker.textContent ?? ''
    marker.remove()
  }
  return text.replace(/[\s\u00a0]+/g, ' ').trim()
}

function isBlank(node: Node): boolean {
  if (node.nodeType === 8) return true
  if (node.nodeType === 3) return (node.textContent ?? '').replace(/[\s\u00a0]/g, '') === ''
  if (node.nodeType !== 1) return false
  const element = node as Element
  return (element.textContent ?? '').replace(/[\s\u00a0]/g, '') === '' && !element.querySelector('img, table, hr')
}

const BLOCK = /^(?:P|DIV|H[1-6])$/

function wordListMatch(element: Element): RegExpExecArray | null {
  return BLOCK.test(element.tagName) ? WORD_LIST.exec(element.getAttribute('style') ?? '') : null
}

/** Turns one run of Word list paragraphs (all children of `parent`) into lists. */
function wordListsIn(parent: Element, styles: WordStyles): void {
  const doc = parent.ownerDocument
  const builder = new ListBuilder(doc, new Map())
  for (const node of [...parent.childNodes]) {
    if (node.nodeType !== 1) {
      if (!isBlank(node)) builder.close()
      continue
    }
    const element = node as Element
    const match = wordListMatch(element)
    if (match) {
      const [, id, levelText, lfo] = match
      const level = Math.max(1, Number(levelText))
      const marker = takeMarker(element)
      const numbered = styles.numbered.get(`${id}:${level}`) ?? NUMBERED_MARKER.test(marker)
      const margin = wordMargin(element, styles, level * INDENT_PT)
      if (isBlank(element)) {
        // An empty item would show a bare bullet.
        element.remove()
        continue
      }
      // A list item holds a paragraph: a heading's text stays, emphasised, in the item.
      let content: Node[] = [...element.childNodes]
      if (/^H\d$/.test(element.tagName)) {
        const strong = doc.createElement('strong')
        strong.append(...content)
        content = [strong]
      }
      builder.add({ level, ordered: numbered, list: `${id}/${lfo ?? ''}`, margin, content }, element)
      element.remove()
      continue
    }
    if (!builder.open) continue
    if (isBlank(element)) {
      // Word's empty paragraphs between items are spacing, and inline leftovers are nothing.
      element.remove()
      continue
    }
    const margin = BLOCK.test(element.tagName) ? wordMargin(element, styles, 0) : 0
    if (margin <= 0 || !builder.attach(element, margin)) builder.close()
  }
}

/** Rebuilds Word's list paragraphs, wherever they are (the body, a table cell, a content control). */
export function wordListsToLists(root: Element, styles: WordStyles): void {
  const parents = new Set<Element>()
  for (const element of root.querySelectorAll('[style*="mso-list" i]')) {
    if (wordListMatch(element) && element.parentElement) parents.add(element.parentElement)
  }
  for (const parent of parents) wordListsIn(parent, styles)
}

// Google Docs and other nested lists ----------------------------------------------------------------

function isList(element: Element): boolean {
  return element.tagName === 'UL' || element.tagName === 'OL'
}

function itemsOf(list: Element, depth: number, items: Item[], key: string): void {
  for (const child of [...list.children]) {
    if (isList(child)) {
      itemsOf(child, depth + 1, items, key)
      continue
    }
    if (child.tagName !== 'LI') continue
    const level = Number(child.getAttribute('aria-level')) || depth
    const style = styleOf(child, 'list-style-type')
    const ordered = style ? ORDERED_STYLE.test(style) : list.tagName === 'OL'
    const nested = [...child.children].filter(isList)
    for (const inner of nested) inner.remove()
    items.push({ level, ordered, list: key, margin: 0, content: [...child.childNodes] })
    for (const inner of nested) itemsOf(inner, depth + 1, items, key)
  }
}

/**
 * Rebuilds lists that nest a list directly in a list, or whose items state their own level
 * (Google Docs); well-formed lists are left as they are.
 */
export function nestedListsToLists(root: Element): void {
  const tops = [...root.querySelectorAll('ul, ol')].filter((list) => !list.parentElement?.closest('ul, ol'))
  tops.forEach((top, index) => {
    // querySelector matches against the whole document: `ul > ul` finds a list right inside `top` too.
    if (!top.querySelector('ul > ul, ul > ol, ol > ul, ol > ol, li[aria-level]')) return
    const items: Item[] = []
    itemsOf(top, 1, items, `list${index}`)
    const builder = new ListBuilder(top.ownerDocument, new Map())
    for (const item of items) {
      if (item.content.every(isBlank)) continue
      builder.add(item, top)
    }
    top.remove()
  })
}
