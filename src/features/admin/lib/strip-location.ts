// Removes where a photo was taken before it is uploaded to a public bucket: in a JPEG, the EXIF GPS
// directory is emptied in place (its entries and values zeroed, so orientation, camera and the
// rest of EXIF stay) and XMP, which can repeat the position, is dropped; in PNG and WebP the EXIF
// and XMP blocks are dropped whole. Pixels are never decoded or re-encoded. Any other file, or one
// whose structure is not as expected, is returned unchanged: the bytes are only ever shortened or
// zeroed, never grown.

const GPS_IFD_TAG = 0x8825
const XMP_SIGNATURE = 'http://ns.adobe.com/'
/** Bytes of one value of each TIFF field type (1 BYTE … 13 IFD). */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4]

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length))

export function stripLocation(bytes: Uint8Array): Uint8Array {
  try {
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return stripJpeg(bytes)
    if (ascii(bytes, 1, 3) === 'PNG') return stripPng(bytes)
    if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return stripWebp(bytes)
  } catch {
    // A malformed file is sent as it is: the bucket's own checks still apply.
  }
  return bytes
}

function stripJpeg(input: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(input)
  const keep: [number, number][] = []
  let offset = 2
  keep.push([0, 2])
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) break
    const marker = bytes[offset + 1]
    // Start of scan: the image data follows, and no more metadata segments.
    if (marker === 0xda) break
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3]
    const end = offset + 2 + length
    if (length < 2 || end > bytes.length) break
    const body = offset + 4
    if (marker === 0xe1 && ascii(bytes, body, 6) === 'Exif\0\0') {
      clearGps(bytes, body + 6, end)
      keep.push([offset, end])
    } else if (!(marker === 0xe1 && ascii(bytes, body, XMP_SIGNATURE.length) === XMP_SIGNATURE)) {
      keep.push([offset, end])
    }
    offset = end
  }
  keep.push([offset, bytes.length])
  return concat(keep.map(([start, end]) => bytes.subarray(start, end)))
}

/** Zeroes the GPS directory of the TIFF structure at bytes[start, end). */
function clearGps(bytes: Uint8Array, start: number, end: number): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset + start, end - start)
  const little = ascii(bytes, start, 2) === 'II'
  const u16 = (at: number) => view.getUint16(at, little)
  const u32 = (at: number) => view.getUint32(at, little)
  const ifd0 = u32(4)
  const count = u16(ifd0)
  for (let i = 0; i < count; i++) {
    const entry = ifd0 + 2 + i * 12
    if (u16(entry) !== GPS_IFD_TAG) continue
    const gps = u32(entry + 8)
    const gpsCount = u16(gps)
    for (let j = 0; j < gpsCount; j++) {
      const field = gps + 2 + j * 12
      const size = (TYPE_SIZES[u16(field + 2)] ?? 0) * u32(field + 4)
      // Values longer than four bytes live elsewhere in the block, at the offset the entry holds.
      if (size > 4) bytes.fill(0, start + u32(field + 8), Math.min(end, start + u32(field + 8) + size))
    }
    bytes.fill(0, start + gps, Math.min(end, start + gps + 2 + gpsCount * 12))
  }
}

function stripPng(bytes: Uint8Array): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const parts: Uint8Array[] = [bytes.subarray(0, 8)]
  let offset = 8
  while (offset + 12 <= bytes.length) {
    const length = view.getUint32(offset)
    const type = ascii(bytes, offset + 4, 4)
    const end = offset + 12 + length
    if (end > bytes.length) return bytes
    const xmp = type === 'iTXt' && ascii(bytes, offset + 8, 17) === 'XML:com.adobe.xmp'
    if (type !== 'eXIf' && !xmp) parts.push(bytes.subarray(offset, end))
    offset = end
  }
  parts.push(bytes.subarray(offset))
  return concat(parts)
}

function stripWebp(input: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(input)
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const parts: Uint8Array[] = [bytes.subarray(0, 12)]
  let offset = 12
  while (offset + 8 <= bytes.length) {
    const type = ascii(bytes, offset, 4)
    const size = view.getUint32(offset + 4, true)
    const end = offset + 8 + size + (size % 2)
    if (end > bytes.length) return input
    // The extended header's flags say which blocks follow: EXIF (bit 3) and XMP (bit 2) no longer do.
    if (type === 'VP8X') bytes[offset + 8] &= ~0x0c
    if (type !== 'EXIF' && type !== 'XMP ') parts.push(bytes.subarray(offset, end))
    offset = end
  }
  const out = concat(parts)
  new DataView(out.buffer).setUint32(4, out.length - 8, true)
  return out
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}
