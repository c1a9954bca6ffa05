import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { stripLocation } from './strip-location'

const MARKER = 'SECRET-DATUM'
const EXIF = {
  IFD0: { Make: 'PhoneMaker' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 4242/100', GPSMapDatum: MARKER },
}
const XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="6,27.4242N" exif:GPSMapDatum="${MARKER}"/></rdf:RDF></x:xmpmeta>`

const photo = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#48a' } })
const text = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1')

describe('stripLocation', () => {
  it('empties a JPEG’s GPS data and drops its XMP, keeping the rest of EXIF and the pixels', async () => {
    const original = await photo().jpeg().withMetadata({ orientation: 6 }).withExif(EXIF).withXmp(XMP).toBuffer()
    expect(text(original)).toContain(MARKER)
    const stripped = stripLocation(original)
    expect(text(stripped)).not.toContain(MARKER)
    expect(text(stripped)).not.toContain('27.4242')
    const meta = await sharp(stripped).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 48, orientation: (await sharp(original).metadata()).orientation })
    expect(meta.xmp).toBeUndefined()
    expect(text(meta.exif!)).toContain('PhoneMaker')
    // The GPS rational 4242/100 is gone from the bytes (in either byte order).
    const rational = (bytes: Uint8Array) =>
      Buffer.from(bytes).includes(Buffer.from([0, 0, 0x10, 0x92, 0, 0, 0, 0x64])) || Buffer.from(bytes).includes(Buffer.from([0x92, 0x10, 0, 0, 0x64, 0, 0, 0]))
    expect(rational(original)).toBe(true)
    expect(rational(stripped)).toBe(false)
  })

  it('drops the EXIF and XMP of PNG and WebP files, which stay valid images', async () => {
    for (const format of ['png', 'webp'] as const) {
      const original = await photo().toFormat(format).withExif(EXIF).withXmp(XMP).toBuffer()
      expect(text(original), format).toContain(MARKER)
      const stripped = stripLocation(original)
      expect(text(stripped), format).not.toContain(MARKER)
      const meta = await sharp(stripped).metadata()
      expect(meta, format).toMatchObject({ format, width: 64, height: 48 })
      expect(meta.exif, format).toBeUndefined()
    }
  })

  it('returns anything else unchanged', () => {
    const gif = new TextEncoder().encode('GIF89a rest of the file')
    expect(stripLocation(gif)).toBe(gif)
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0x00])
    expect(Array.from(stripLocation(broken))).toEqual(Array.from(broken))
  })
})
