import { describe, expect, it } from 'vitest'
import { sniffFormat } from './image-renderer.ts'

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))))
const ftyp = (...brands: string[]) => {
  const size = 8 + brands.length * 4 + 4
  const header = Buffer.alloc(4)
  header.writeUInt32BE(size)
  return bytes([...header], 'ftyp', brands[0], [0, 0, 0, 0], ...brands.slice(1))
}

describe('sniffFormat', () => {
  it('tells the rendered formats by their first bytes', () => {
    expect(sniffFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(sniffFormat(bytes([0x89], 'PNG\r\n\x1a\n'))).toBe('png')
    expect(sniffFormat(bytes('GIF89a'))).toBe('gif')
    expect(sniffFormat(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))).toBe('webp')
    expect(sniffFormat(ftyp('avif', 'mif1'))).toBe('avif')
    expect(sniffFormat(ftyp('mif1', 'miaf', 'avif'))).toBe('avif')
  })

  it('refuses everything else, whatever it is named', () => {
    expect(sniffFormat(ftyp('heic', 'mif1'))).toBeNull()
    expect(sniffFormat(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull()
    expect(sniffFormat(bytes('%PDF-1.7'))).toBeNull()
    expect(sniffFormat(bytes([0xff, 0xd8]))).toBeNull()
    expect(sniffFormat(bytes())).toBeNull()
  })
})
