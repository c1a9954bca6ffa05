// A cached page, ready to be sent many times with a different CSP nonce each time, without
// compressing it again per response. The page is cut at every occurrence of the nonce it was
// rendered with; each piece is deflated once (ending on a byte boundary, RFC 1951 sync flush), and a
// response is those pieces with the new nonce between them as stored (uncompressed) deflate blocks,
// in a gzip wrapper whose CRC-32 is computed over the response's own bytes. Decoders see one
// ordinary gzip stream.
import { constants, crc32, deflateRawSync } from 'node:zlib'

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
  private deflated: Buffer[] | undefined

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
    this.deflated ??= this.pieces.map((piece) =>
      // An empty piece adds nothing (zlib would end the stream for it).
      piece.length === 0 ? piece : deflateRawSync(piece, { level: 6, finishFlush: constants.Z_SYNC_FLUSH }),
    )
    const nonceBytes = Buffer.from(nonce, 'utf8')
    const nonceBlock = storedBlock(nonceBytes)
    const parts: Buffer[] = [GZIP_HEADER]
    let crc = 0
    let size = 0
    this.pieces.forEach((piece, i) => {
      if (i > 0) {
        parts.push(nonceBlock)
        crc = crc32(nonceBytes, crc)
        size += nonceBytes.length
      }
      parts.push(this.deflated![i])
      crc = crc32(piece, crc)
      size += piece.length
    })
    const trailer = Buffer.alloc(8)
    trailer.writeUInt32LE(crc >>> 0, 0)
    trailer.writeUInt32LE(size >>> 0, 4)
    parts.push(FINAL_BLOCK, trailer)
    return Buffer.concat(parts)
  }
}
