// What a CV file really is, judged by its first bytes rather than by its name or the type the
// browser claims: a renamed program is refused even when it is called cv.pdf.
export type CvKind = 'pdf' | 'doc' | 'docx'

export const CV_CONTENT_TYPES: Record<CvKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
}

/** The largest CV taken: 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024

/** The file input's accept list: what the form offers to choose. */
export const CV_ACCEPT = '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document'

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d] // %PDF-
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] // Word 97-2003 compound file
const ZIP = [0x50, 0x4b, 0x03, 0x04] // PK.. (a .docx is a zip package)

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte)
}

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = Array.from(text, (char) => char.charCodeAt(0))
  outer: for (let i = bytes.indexOf(needle[0]); i !== -1 && i <= bytes.length - needle.length; i = bytes.indexOf(needle[0], i + 1)) {
    for (let j = 1; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer
    return true
  }
  return false
}

/** The CV kind that both the file's name and its content agree on, or null. */
export function cvKindOf(fileName: string, bytes: Uint8Array): CvKind | null {
  const extension = fileName.toLowerCase().split('.').pop()
  if (extension === 'pdf' && startsWith(bytes, PDF)) return 'pdf'
  if (extension === 'doc' && startsWith(bytes, OLE2)) return 'doc'
  // A zip is only a Word document when it holds a Word package's parts (names are stored plainly).
  if (extension === 'docx' && startsWith(bytes, ZIP) && contains(bytes, '[Content_Types].xml') && contains(bytes, 'word/')) return 'docx'
  return null
}

/** A storage-safe version of the visitor's file name: letters, digits, dot, dash, underscore, space. */
export function safeCvFileName(fileName: string, kind: CvKind): string {
  const base = fileName
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9._ -]/g, '')
    .replace(/^[^a-zA-Z0-9]+/, '')
    .trim()
    .slice(0, 100)
  return `${base || 'cv'}.${kind}`.toLowerCase()
}
