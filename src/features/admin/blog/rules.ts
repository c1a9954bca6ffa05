// The blog editor's rules from spec section 5, as pure functions (tested on their own).

/**
 * The slug a title suggests: lowercase; characters other than letters, digits, spaces and hyphens
 * removed; whitespace turned into hyphens; repeated hyphens collapsed. Hyphens at either end are
 * dropped too, because the database only accepts slugs that start and end with a letter or digit.
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Adds a tag when it is non-blank after trimming and not already present; tags are stored trimmed. */
export function addTag(tags: string[], raw: string): string[] {
  const tag = raw.trim()
  if (tag === '' || tags.includes(tag)) return tags
  return [...tags, tag]
}

export interface Edit {
  value: string
  selectionStart: number
  selectionEnd: number
}

/** Wraps the selected text in `before`/`after`; with nothing selected the cursor lands between them. */
export function wrapSelection(value: string, start: number, end: number, before: string, after: string): Edit {
  const selected = value.slice(start, end)
  return {
    value: value.slice(0, start) + before + selected + after + value.slice(end),
    selectionStart: start + before.length,
    selectionEnd: start + before.length + selected.length,
  }
}

/** Inserts `text` at the cursor (replacing any selection) and puts the cursor after it. */
export function insertAt(value: string, start: number, end: number, text: string): Edit {
  const position = start + text.length
  return { value: value.slice(0, start) + text + value.slice(end), selectionStart: position, selectionEnd: position }
}

export const TOOLBAR = [
  { label: 'Bold', before: '<strong>', after: '</strong>' },
  { label: 'Italic', before: '<em>', after: '</em>' },
  { label: 'Heading 2', before: '<h2>', after: '</h2>' },
  { label: 'Heading 3', before: '<h3>', after: '</h3>' },
  { label: 'List', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: 'Quote', before: '<blockquote>', after: '</blockquote>' },
  { label: 'Code', before: '<code>', after: '</code>' },
] as const

/** The words of stored HTML: tags are not words, and a no-break space parts words as a space does. */
export function wordCount(html: string): number {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(nbsp|#160|#xa0);/gi, ' ')
    .replace(/&[a-z0-9#]+;/gi, '&')
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length
}

/** Reading speed of an article on a screen, in words a minute. */
export const WORDS_PER_MINUTE = 230

/** Minutes a reader takes: at least one for any text, none for no text. */
export function readingMinutes(words: number): number {
  return words === 0 ? 0 : Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}
