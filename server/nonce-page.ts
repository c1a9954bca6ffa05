// A cached page, ready to be sent many times with a different CSP nonce each time, without
// compressing it again per response. The page is cut at every occurrence of the nonce it was
// rendered with; each piece is deflated once (ending on a byte boundary, RFC 1951 sync flush), and a
// response is those pieces with the new nonce between them as stored (uncompressed) deflate blocks,
// in a gzip wrapper whose CRC-32 is that of the response's own bytes. Decoders see one ordinary
// gzip stream. The CRC-32 is not computed over the whole page per response: each piece's CRC is
// known once, and the CRC of a concatenation follows from its parts' CRCs and the later part's
// length (multiplication by x^(8·length) modulo the CRC polynomial), a few dozen operations.
import { constants, crc32, deflateRawSync } from 'node:zlib'

// CRC-32's polynomial, bit-reversed (as zlib and gzip use it).
const POLYNOMIAL = 0xedb88320

/** a·b modulo the polynomial, both in CRC-32's reflected bit order. */
function multiplyModP(a: number, b: number): number {
  let product = 0
  for (let bit = 0x80000000; bit !== 0; bit >>>= 1) {
    if (a & bit) {
      product ^= b
      if ((a & (bit - 1)) === 0) break
    }
    b = b & 1 ? (b >>> 1) ^ POLYNOMIAL : b >>> 1
  }
  return product >>> 0
}

// x^(2^k) modulo the polynomial, for k = 0…31.
const X_POW_2K: number[] = [0x40000000]
for (let k = 1; k < 32; k++) X_POW_2K.push(multiplyModP(X_POW_2K[k - 1], X_POW_2K[k - 1]))

/** What a CRC is multiplied by when `bytes` more bytes follow it: x^(8·bytes) modulo the polynomial. */
function shiftFor(bytes: number): number {
  let shift = 0x80000000 // x^0
  for (let k = 3, n = bytes; n > 0; n = Math.floor(n / 2), k++) {
    if (n & 1) shift = multiplyModP(X_POW_2K[k & 31], shift)
  }
  return shift
}

/** The CRC-32 of A followed by B, from A's CRC, B's CRC and B's shift (`shiftFor(B's length)`). */
const crcOfBoth = (crcA: number, crcB: number, shiftB: number) => (multiplyModP(shiftB, crcA) ^ crcB) >>> 0

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03])
// A final, empty stored block: ends the deflate stream.
const FINAL_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff])

function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length)
  block[0] = 0x00 // not final, stored; the rest of the byte is padding
  block.writeUInt16LE(data.length, 1)
  block.writeUInt16LE(~data.length & 0xffff, 3)
  data.copy(block, 5)
  return block
}

export class NoncePage {
  private readonly pieces: Buffer[]
  private deflated: { data: Buffer[]; crcs: number[]; shifts: number[]; bytes: number } | undefined

  constructor(body: Buffer, token: string) {
    this.pieces = body
      .toString('utf8')
      .split(token)
      .map((piece) => Buffer.from(piece, 'utf8'))
  }

  identity(nonce: string): Buffer {
    if (this.pieces.length === 1) return this.pieces[0]
    const parts: Buffer[] = []
    const nonceBytes = Buffer.from(nonce, 'utf8')
    this.pieces.forEach((piece, i) => {
      if (i > 0) parts.push(nonceBytes)
      parts.push(piece)
    })
    return Buffer.concat(parts)
  }

  gzip(nonce: string): Buffer {
    // Deflated once per cached page (level 6: a page is cached for only a second or so).
    this.deflated ??= {
      // An empty piece adds nothing (zlib would end the stream for it).
      data: this.pieces.map((piece) => (piece.length === 0 ? piece : deflateRawSync(piece, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }))),
      crcs: this.pieces.map((piece) => crc32(piece)),
      shifts: this.pieces.map((piece) => shiftFor(piece.length)),
      bytes: this.pieces.reduce((sum, piece) => sum + piece.length, 0),
    }
    const { data, crcs, shifts, bytes } = this.deflated
    const nonceBytes = Buffer.from(nonce, 'utf8')
    const nonceBlock = storedBlock(nonceBytes)
    const nonceCrc = crc32(nonceBytes)
    const nonceShift = shiftFor(nonceBytes.length)
    const parts: Buffer[] = [GZIP_HEADER]
    let crc = 0
    for (let i = 0; i < data.length; i++) {
      if (i > 0) {
        parts.push(nonceBlock)
        crc = crcOfBoth(crc, nonceCrc, nonceShift)
      }
      parts.push(data[i])
      crc = crcOfBoth(crc, crcs[i], shifts[i])
    }
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc, 0)
    trailer.writeUInt32LE((bytes + nonceBytes.length * (data.length - 1)) >>> 0, 4)
    parts.push(FINAL_BLOCK, trailer)
    return Buffer.concat(parts)
  }
}
