// The visual editor's document schema: exactly what the HTML sanitizer (src/lib/sanitize-html.ts)
// keeps, so nothing the editor makes is dropped on save and nothing it drops could have been shown.
// Attributes the sanitizer removes (classes, styles, list types, code languages, column widths,
// cell alignment) are not part of the schema, so they are neither parsed nor rendered; a `span`,
// which may carry no attribute, means nothing and is unwrapped.
import { Mark, Node, type Extensions } from '@tiptap/core'
import { DOMSerializer, type Node as DocNode } from '@tiptap/pm/model'
import Image from '@tiptap/extension-image'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import CodeBlock from '@tiptap/extension-code-block'
import Link from '@tiptap/extension-link'
import { OrderedList } from '@tiptap/extension-list'
import StarterKit from '@tiptap/starter-kit'
import { isSafeLink } from '~/lib/safe-url'

/** An attribute the schema needs internally but the stored HTML never carries. */
const notStored = { parseHTML: () => null, renderHTML: () => ({}) }

/** A mark that is one tag with no attributes. */
function tagMark(name: string, tag: string) {
  return Mark.create({
    name,
    parseHTML: () => [{ tag }],
    renderHTML: () => [tag, 0],
  })
}

const Subscript = tagMark('subscript', 'sub')
const Superscript = tagMark('superscript', 'sup')
const Highlight = tagMark('highlight', 'mark')
const Small = tagMark('small', 'small')

/** Opens in a new tab: every web link (as the sanitizer makes them), and any link marked so. */
function opensInNewTab(href: string, target: unknown): boolean {
  return /^https?:/i.test(href.trim()) || target === '_blank'
}

/**
 * A link to the web, mail, a phone, a place on the page or a path on this site (the site's URL
 * rules); a link that opens a new tab gives the new page no handle on this one.
 */
const SiteLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null },
      target: { default: null, parseHTML: (element) => (element.getAttribute('target') === '_blank' ? '_blank' : null) },
      title: { default: null },
    }
  },
  renderHTML({ HTMLAttributes }) {
    const href = String(HTMLAttributes.href ?? '')
    if (!isSafeLink(href)) return ['a', {}, 0]
    const newTab = opensInNewTab(href, HTMLAttributes.target)
    return ['a', { href, title: HTMLAttributes.title, target: newTab ? '_blank' : null, rel: newTab ? 'noopener noreferrer' : null }, 0]
  },
}).configure({
  openOnClick: false,
  autolink: true,
  linkOnPaste: true,
  defaultProtocol: 'https',
  isAllowedUri: (url) => isSafeLink(url),
  shouldAutoLink: (url) => isSafeLink(url),
})

/**
 * Numbered lists count from `start` (a list that carries on after a paragraph, as pasted from a
 * document); the marker style (`type`) is the page's, and the sanitizer drops it.
 */
const PlainOrderedList = OrderedList.extend({
  addAttributes: () => ({
    start: {
      default: 1,
      parseHTML: (element) => {
        const start = Number(element.getAttribute('start'))
        return Number.isInteger(start) && start > 0 ? start : 1
      },
    },
    type: { default: null, ...notStored },
  }),
})

/** Code blocks without a language class (the sanitizer drops classes). */
const PlainCodeBlock = CodeBlock.extend({
  addAttributes: () => ({ language: { default: null, ...notStored } }),
})

const BlockImage = Image.extend({
  parseHTML() {
    // A `data:` or any other unsafe source is never kept: pasted images are uploaded instead.
    return [{ tag: 'img[src]', getAttrs: (element) => (isImageSource(element.getAttribute('src') ?? '') ? null : false) }]
  },
}).configure({ inline: false, allowBase64: false })

/** An image source the sanitizer keeps: a web address or a path on this site. */
function isImageSource(src: string): boolean {
  return isSafeLink(src) && !/^(?:mailto:|tel:|#)/i.test(src.trim())
}

const Figure = Node.create({
  name: 'figure',
  group: 'block',
  content: 'image figcaption?',
  isolating: true,
  parseHTML: () => [{ tag: 'figure' }],
  renderHTML: () => ['figure', 0],
})

const Figcaption = Node.create({
  name: 'figcaption',
  content: 'inline*',
  marks: '_',
  parseHTML: () => [{ tag: 'figcaption' }],
  renderHTML: () => ['figcaption', 0],
})

const cellAttributes = {
  colspan: { default: 1 },
  rowspan: { default: 1 },
  colwidth: { default: null, ...notStored },
}

/** How many of a table's first rows are header rows (all `th`); a table of nothing else has none. */
function headerRows(table: DocNode): number {
  let count = 0
  while (count < table.childCount && table.child(count).content.content.every((cell) => cell.type.name === 'tableHeader')) count++
  return count === table.childCount ? 0 : count
}

/**
 * A table's leading rows of header cells are its `thead`, the rest its `tbody`. The editing view
 * is the table extension's own node view; this is the stored HTML.
 */
const PlainTable = Table.extend({
  renderHTML: ({ node }) => {
    const head = headerRows(node)
    if (head === 0) return ['table', ['tbody', 0]]
    const serializer = DOMSerializer.fromSchema(node.type.schema)
    const rows = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => serializer.serializeNode(node.child(from + i)))
    return ['table', ['thead', ...rows(0, head)], ['tbody', ...rows(head, node.childCount)]]
  },
})
const PlainCell = TableCell.extend({ addAttributes: () => cellAttributes })
const PlainHeader = TableHeader.extend({ addAttributes: () => cellAttributes })

export interface RichTextOptions {
  /** Called by Ctrl/⌘+K: the editor asks for a link address. */
  onLinkShortcut?: () => void
}

/** Everything the visual editor can make, and nothing else. */
export function richTextExtensions(options: RichTextOptions = {}): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [2, 3, 4] },
      link: false,
      orderedList: false,
      codeBlock: false,
      trailingNode: false,
    }).extend({
      addKeyboardShortcuts() {
        return {
          'Mod-k': () => {
            options.onLinkShortcut?.()
            return options.onLinkShortcut !== undefined
          },
        }
      },
    }),
    SiteLink,
    PlainOrderedList,
    PlainCodeBlock,
    Subscript,
    Superscript,
    Highlight,
    Small,
    BlockImage,
    Figure,
    Figcaption,
    PlainTable,
    TableRow,
    PlainHeader,
    PlainCell,
  ]
}
