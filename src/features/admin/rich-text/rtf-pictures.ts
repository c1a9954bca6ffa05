// The pictures of a Word copy. Word's clipboard HTML points each image at a local file the browser
// may not read (`file:///…/clip_image001.png`); the same pictures travel in the clipboard's RTF as
// hexadecimal `{\pict …}` groups, one per picture and in the same order as the HTML's <img>s.

export interface RtfPicture {
  /** image/png or image/jpeg; null for a picture only Windows draws (a metafile, EMF, BMP). */
  type: 'image/png' | 'image/jpeg' | null
  bytes: Uint8Array
}

/** The index of the `}` closing the group opened at `start` (a `{`), or the text's end. */
function groupEnd(rtf: string, start: number): number {
  let depth = 0
  for (let i = start; i < rtf.length; i++) {
    const c = rtf[i]
    if (c === '\\') i++
    else if (c === '{') depth++
    else if (c === '}' && --depth === 0) return i
  }
  return rtf.length
}

/** `rtf` without every group that opens with `opening` (such as `{\nonshppict`). */
function withoutGroups(rtf: string, opening: string): string {
  let out = rtf
  for (let at = out.indexOf(opening); at !== -1; at = out.indexOf(opening, at)) {
    out = out.slice(0, at) + out.slice(groupEnd(out, at) + 1)
  }
  return out
}

function hexBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** Every picture of an RTF document, in document order. */
export function rtfPictures(rtf: string): RtfPicture[] {
  // Word gives each picture twice: as itself in `\shppict` and as a metafile stand-in for older
  // readers in `\nonshppict`. Only the first counts.
  const text = withoutGroups(rtf, '{\\nonshppict')
  const pictures: RtfPicture[] = []
  for (let at = text.indexOf('{\\pict'); at !== -1; at = text.indexOf('{\\pict', at + 1)) {
    let group = text.slice(at + 1, groupEnd(text, at))
    // Nested groups are properties (`{\*\picprop …}`, `{\*\blipuid …}`), never picture data.
    for (let inner = group.indexOf('{'); inner !== -1; inner = group.indexOf('{')) {
      group = group.slice(0, inner) + group.slice(groupEnd(group, inner) + 1)
    }
    const type = /\\pngblip(?![a-z])/.test(group) ? 'image/png' : /\\jpegblip(?![a-z])/.test(group) ? 'image/jpeg' : null
    const hex = group.replace(/\\[a-z]+-?\d* ?/gi, '').replace(/[^0-9a-f]/gi, '')
    pictures.push({ type, bytes: type ? hexBytes(hex) : new Uint8Array() })
  }
  return pictures
}
