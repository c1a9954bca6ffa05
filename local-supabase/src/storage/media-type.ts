// Content types of stored objects, parsed strictly (RFC 9110 media-type: type "/" subtype, then
// `; name=value` parameters of tokens or quoted strings) because the stored type is served back as
// a Content-Type header. A lenient reading let `application/pdf;,text/html` pass a bucket's
// `application/pdf` rule while a browser rendered the body as HTML on the API's origin.
//
// What is stored is rebuilt from the parse, never the header as sent: the lower-cased type/subtype
// and, when given, its charset. Anything that does not parse is refused at upload, and served as
// application/octet-stream if an older row holds one.

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const MAX_LENGTH = 255

export interface MediaType {
  /** `type/subtype`, lower-cased. */
  essence: string
  type: string
  subtype: string
  /** Parameter names lower-cased; values as given (quoted strings unquoted). */
  params: Map<string, string>
}

function skipSpaces(text: string, at: number): number {
  while (at < text.length && (text[at] === ' ' || text[at] === '\t')) at++
  return at
}

function readToken(text: string, at: number): { value: string; end: number } | null {
  let end = at
  while (end < text.length && TOKEN.test(text[end])) end++
  return end > at ? { value: text.slice(at, end), end } : null
}

/** Reads `"..."` (backslash escapes) starting at a quote; null when unterminated or not printable. */
function readQuoted(text: string, at: number): { value: string; end: number } | null {
  let value = ''
  for (let i = at + 1; i < text.length; i++) {
    const ch = text[i]
    if (ch === '"') return { value, end: i + 1 }
    if (ch === '\\') {
      i++
      if (i >= text.length) return null
      value += text[i]
    } else {
      value += ch
    }
  }
  return null
}

/** The media type of a Content-Type value, or null when it is not exactly one well-formed type. */
export function parseMediaType(value: string): MediaType | null {
  // Printable ASCII (and tab) only: served back as a header.
  if (value.length === 0 || value.length > MAX_LENGTH || !/^[\t\x20-\x7e]+$/.test(value)) return null
  let at = skipSpaces(value, 0)
  const type = readToken(value, at)
  if (!type || value[type.end] !== '/') return null
  const subtype = readToken(value, type.end + 1)
  if (!subtype) return null
  at = subtype.end
  const params = new Map<string, string>()
  for (;;) {
    at = skipSpaces(value, at)
    if (at >= value.length) break
    if (value[at] !== ';') return null
    at = skipSpaces(value, at + 1)
    if (at >= value.length) break // a trailing ';' is allowed
    const name = readToken(value, at)
    if (!name || value[name.end] !== '=') return null
    const parsed = value[name.end + 1] === '"' ? readQuoted(value, name.end + 1) : readToken(value, name.end + 1)
    if (!parsed) return null
    const key = name.value.toLowerCase()
    if (params.has(key)) return null // a repeated parameter is ambiguous
    params.set(key, parsed.value)
    at = parsed.end
  }
  return {
    essence: `${type.value}/${subtype.value}`.toLowerCase(),
    type: type.value.toLowerCase(),
    subtype: subtype.value.toLowerCase(),
    params,
  }
}

/** The value to store and serve: the essence, plus a charset when it is a token. */
export function storedContentType(media: MediaType): string {
  const charset = media.params.get('charset')
  return charset && TOKEN.test(charset) ? `${media.essence}; charset=${charset.toLowerCase()}` : media.essence
}

/** Whether a bucket's allowed_mime_types (exact types or `type/*`) admit this type; none set admits all. */
export function isAllowedMediaType(media: MediaType, allowed: readonly string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true
  return allowed.some((entry) => {
    const rule = entry.trim().toLowerCase()
    return rule.endsWith('/*') ? media.type === rule.slice(0, -2) : media.essence === rule
  })
}

/** What a file of this type must start with. The applications bucket's CV types, checked on upload. */
const SIGNATURES: Record<string, readonly Uint8Array[]> = {
  'application/pdf': [Buffer.from('%PDF-')],
  // OLE2 compound document (Word 97-2003).
  'application/msword': [Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])],
  // Office Open XML is a zip archive.
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': [Buffer.from([0x50, 0x4b, 0x03, 0x04])],
}

/** The number of leading bytes contentMatchesType needs. */
export const SIGNATURE_BYTES = 8

/** False when the type has a known signature and `head` (the file's first bytes) does not start with it. */
export function contentMatchesType(essence: string, head: Uint8Array): boolean {
  const signatures = SIGNATURES[essence]
  if (!signatures) return true
  return signatures.some((signature) => head.length >= signature.length && signature.every((byte, i) => head[i] === byte))
}

/** Types that browsers show inline without running anything: raster images and PDF. */
export function isPassiveType(essence: string): boolean {
  if (essence === 'application/pdf') return true
  return essence.startsWith('image/') && essence !== 'image/svg+xml'
}
