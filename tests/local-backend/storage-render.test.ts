// Supabase's image transformation API on the local backend, through the URLs supabase-js builds
// (getPublicUrl and createSignedUrl with `transform`, download with `transform`): sizes, resize
// modes, formats and Accept negotiation, the limits, private buckets, and the variant cache.
import { createHash } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend
let anon: SupabaseClient
let admin: SupabaseClient
let service: SupabaseClient

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'

/** A 1200×800 JPEG with EXIF GPS data, as a phone would take it. */
async function photo(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'Phone' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '3/1 23/1 0/1' } })
    .toBuffer()
}

async function imageOf(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  return { bytes, meta: await sharp(bytes).metadata() }
}

beforeAll(async () => {
  backend = await startLocalBackend()
  anon = backend.anon()
  service = backend.service()
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  const upload = await admin.storage.from('media').upload('render/photo.jpg', await photo(), { contentType: 'image/jpeg' })
  if (upload.error) throw upload.error
  await service.storage.createBucket('private-images', { public: false })
  const secret = await service.storage.from('private-images').upload(
    'secret.png',
    await sharp(await photo())
      .png()
      .toBuffer(),
    { contentType: 'image/png' },
  )
  if (secret.error) throw secret.error
})

afterAll(async () => {
  await backend?.dispose()
})

describe('public render URLs (getPublicUrl with transform)', () => {
  it('resize to the asked width, keep the aspect ratio, and send WebP to a browser that accepts it', async () => {
    const { publicUrl } = anon.storage.from('media').getPublicUrl('render/photo.jpg', { transform: { width: 390, quality: 70 } }).data
    expect(publicUrl).toBe(`${backend.url}/storage/v1/render/image/public/media/render/photo.jpg?width=390&quality=70`)
    const response = await fetch(publicUrl, { headers: { accept: BROWSER_ACCEPT } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect(response.headers.get('vary')).toBe('Accept')
    expect(response.headers.get('cache-control')).toBe('max-age=3600')
    // What was applied, in the renderer's notation, as Storage reports it (cover is imgproxy's fill).
    expect(response.headers.get('x-transformations')).toBe('width:390,resizing_type:fill,quality:70')
    const { meta } = await imageOf(response)
    expect(meta).toMatchObject({ format: 'webp', width: 390, height: 260 })
    // The photo's EXIF (GPS included) does not survive into the variant.
    expect(meta.exif).toBeUndefined()
  })

  it('keep the original format for a client that does not name WebP, and with format=origin', async () => {
    const url = anon.storage.from('media').getPublicUrl('render/photo.jpg', { transform: { width: 300 } }).data.publicUrl
    const plain = await fetch(url, { headers: { accept: '*/*' } })
    expect(plain.headers.get('content-type')).toBe('image/jpeg')
    expect((await imageOf(plain)).meta).toMatchObject({ format: 'jpeg', width: 300 })

    const origin = anon.storage.from('media').getPublicUrl('render/photo.jpg', { transform: { width: 300, format: 'origin' } }).data.publicUrl
    const response = await fetch(origin, { headers: { accept: BROWSER_ACCEPT } })
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    expect(response.headers.get('vary')).toBeNull()
  })

  it('crop to the box with cover (the default), fit inside it with contain, stretch with fill', async () => {
    const sized = async (resize: 'cover' | 'contain' | 'fill') => {
      const url = anon.storage.from('media').getPublicUrl('render/photo.jpg', { transform: { width: 200, height: 200, resize } }).data.publicUrl
      const response = await fetch(url)
      return { ...(await imageOf(response)).meta, applied: response.headers.get('x-transformations') }
    }
    expect(await sized('cover')).toMatchObject({ width: 200, height: 200, applied: 'height:200,width:200,resizing_type:fill' })
    expect(await sized('contain')).toMatchObject({ width: 200, height: 133, applied: 'height:200,width:200,resizing_type:fit' })
    expect(await sized('fill')).toMatchObject({ width: 200, height: 200, applied: 'height:200,width:200,resizing_type:force' })
  })

  it('never enlarge, and clamp sizes to 2500 px', async () => {
    const url = anon.storage.from('media').getPublicUrl('render/photo.jpg', { transform: { width: 9000 } }).data.publicUrl
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect((await imageOf(response)).meta).toMatchObject({ width: 1200, height: 800 })
  })

  it('refuse options outside the rules with a 400 in storage error shape', async () => {
    const base = `${backend.url}/storage/v1/render/image/public/media/render/photo.jpg`
    for (const query of ['width=abc', 'width=-5', 'quality=5', 'quality=101', 'resize=stretch', 'format=bmp']) {
      const response = await fetch(`${base}?${query}`)
      expect(response.status, query).toBe(400)
      expect(await response.json()).toMatchObject({ statusCode: '400', code: 'InvalidRequest' })
    }
  })

  it('refuse what is not a raster image, and a missing object', async () => {
    await service.storage.createBucket('docs', { public: true })
    await service.storage.from('docs').upload('a.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'), { contentType: 'application/pdf' })
    const pdf = await fetch(anon.storage.from('docs').getPublicUrl('a.pdf', { transform: { width: 100 } }).data.publicUrl)
    expect(pdf.status).toBe(400)
    expect(await pdf.json()).toMatchObject({ message: 'The source image is invalid or unsupported for rendering' })
    const missing = await fetch(anon.storage.from('media').getPublicUrl('render/none.jpg', { transform: { width: 100 } }).data.publicUrl)
    expect(missing.status).toBe(404)
  })

  it('refuse a source over the 50-megapixel limit without rendering it', async () => {
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .jpeg({ quality: 10 })
      .toBuffer()
    await service.storage.from('docs').upload('huge.jpg', huge, { contentType: 'image/jpeg' })
    const response = await fetch(anon.storage.from('docs').getPublicUrl('huge.jpg', { transform: { width: 100 } }).data.publicUrl)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'The source image resolution is too large to process' })
  })

  it('answer a conditional request with 304 for the same variant', async () => {
    const url = anon.storage.from('media').getPublicUrl('render/photo.jpg', { transform: { width: 120 } }).data.publicUrl
    const first = await fetch(url, { headers: { accept: BROWSER_ACCEPT } })
    const eTag = first.headers.get('etag')
    expect(eTag).toBeTruthy()
    const again = await fetch(url, { headers: { accept: BROWSER_ACCEPT, 'if-none-match': eTag ?? '' } })
    expect(again.status).toBe(304)
    // Another format is another variant: its ETag differs.
    const jpeg = await fetch(url, { headers: { accept: '*/*' } })
    expect(jpeg.headers.get('etag')).not.toBe(eTag)
  })
})

describe('private buckets', () => {
  it('are refused on the public render URL and without a key, and rendered for a caller its policies allow', async () => {
    const pub = await fetch(service.storage.from('private-images').getPublicUrl('secret.png', { transform: { width: 100 } }).data.publicUrl)
    expect(pub.status).toBe(404)
    const noKey = await fetch(`${backend.url}/storage/v1/render/image/authenticated/private-images/secret.png?width=100`)
    expect(noKey.status).toBe(403)
    const asAnon = await anon.storage.from('private-images').download('secret.png', { transform: { width: 100 } })
    expect(asAnon.error).not.toBeNull()

    const asService = await service.storage.from('private-images').download('secret.png', { transform: { width: 100, format: 'origin' } })
    expect(asService.error).toBeNull()
    const meta = await sharp(Buffer.from(await asService.data!.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 100 })
  })

  it('render through a signed URL with the transformations it was signed with, which the query cannot change', async () => {
    const { data, error } = await service.storage
      .from('private-images')
      .createSignedUrl('secret.png', 60, { transform: { width: 150, height: 150, resize: 'cover' } })
    expect(error).toBeNull()
    expect(data!.signedUrl).toContain('/storage/v1/render/image/sign/private-images/secret.png?token=')
    const response = await fetch(`${data!.signedUrl}&width=1000`, { headers: { accept: BROWSER_ACCEPT } })
    expect(response.status).toBe(200)
    expect(response.headers.get('expires')).toBeTruthy()
    expect(response.headers.get('x-transformations')).toBe('height:150,width:150,resizing_type:fill')
    expect((await imageOf(response)).meta).toMatchObject({ format: 'webp', width: 150, height: 150 })

    const forged = await fetch(`${backend.url}/storage/v1/render/image/sign/private-images/secret.png?token=${'x'.repeat(40)}`)
    expect(forged.status).toBe(400)
    expect(await forged.json()).toMatchObject({ code: 'InvalidSignature' })
    const bad = await service.storage.from('private-images').createSignedUrl('secret.png', 60, { transform: { quality: 5 } })
    expect(bad.error).toMatchObject({ status: 400 })
  })
})

describe('sources told by their bytes, as Supabase renders them', () => {
  it('render a JPEG stored under another type, through download with transform and a signed URL', async () => {
    const jpeg = await photo(600, 400)
    // supabase-js sends a Buffer with no contentType as text/plain.
    expect((await service.storage.from('private-images').upload('untyped-photo', jpeg)).error).toBeNull()
    expect((await service.storage.from('private-images').upload('photo.bin', jpeg, { contentType: 'application/octet-stream' })).error).toBeNull()

    for (const key of ['untyped-photo', 'photo.bin']) {
      const downloaded = await service.storage.from('private-images').download(key, { transform: { width: 200 } })
      expect(downloaded.error, key).toBeNull()
      expect(await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 133 })
    }

    const signed = await service.storage.from('private-images').createSignedUrl('photo.bin', 60, { transform: { width: 120 } })
    expect(signed.error).toBeNull()
    const asWebp = await fetch(signed.data!.signedUrl, { headers: { accept: BROWSER_ACCEPT } })
    expect(asWebp.status).toBe(200)
    expect((await imageOf(asWebp)).meta).toMatchObject({ format: 'webp', width: 120 })
    const asOrigin = await fetch(signed.data!.signedUrl, { headers: { accept: '*/*' } })
    expect(asOrigin.headers.get('content-type')).toBe('image/jpeg')
    expect((await imageOf(asOrigin)).meta).toMatchObject({ format: 'jpeg', width: 120 })
  })

  it('keep the format of the bytes with format=origin, and refuse bytes that are no image whatever their type', async () => {
    const png = await sharp(await photo(300, 200))
      .png()
      .toBuffer()
    expect((await service.storage.from('private-images').upload('mislabelled.jpg', png, { contentType: 'image/jpeg' })).error).toBeNull()
    const origin = await service.storage.from('private-images').download('mislabelled.jpg', { transform: { width: 100, format: 'origin' } })
    expect(origin.error).toBeNull()
    expect(origin.data?.type).toBe('image/png')

    const text = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')
    expect((await service.storage.from('private-images').upload('drawing.jpg', text, { contentType: 'image/jpeg' })).error).toBeNull()
    const refused = await fetch(`${backend.url}/storage/v1/render/image/authenticated/private-images/drawing.jpg?width=100`, {
      headers: { apikey: backend.keys.serviceRoleKey, authorization: `Bearer ${backend.keys.serviceRoleKey}` },
    })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ message: 'The source image is invalid or unsupported for rendering' })
  })
})

describe('the variant cache', () => {
  it('keeps each rendered variant on disk, serves it from there, and forgets it with its object', async () => {
    await admin.storage.from('media').upload('render/cached.jpg', await photo(2400, 1600), { contentType: 'image/jpeg' })
    const url = anon.storage.from('media').getPublicUrl('render/cached.jpg', { transform: { width: 800 } }).data.publicUrl
    const first = await fetch(url, { headers: { accept: BROWSER_ACCEPT } })
    const firstBytes = Buffer.from(await first.arrayBuffer())
    const cacheRoot = path.join(backend.dataDir, 'storage-render', 'media')
    const cached = async () => (await Promise.all((await readdir(cacheRoot)).map((dir) => readdir(path.join(cacheRoot, dir))))).flat()
    const before = await cached()
    expect(before.some((name) => name.endsWith('.webp'))).toBe(true)

    const second = await fetch(url, { headers: { accept: BROWSER_ACCEPT } })
    expect(Buffer.from(await second.arrayBuffer()).equals(firstBytes)).toBe(true)
    expect(await cached()).toEqual(before)

    // A replaced file renders anew (its version changed); a removed one leaves no variant behind.
    await admin.storage.from('media').upload('render/cached.jpg', await photo(1000, 1000), { contentType: 'image/jpeg', upsert: true })
    expect((await imageOf(await fetch(url))).meta).toMatchObject({ width: 800, height: 800 })
    const count = (await cached()).length
    await admin.storage.from('media').remove(['render/cached.jpg'])
    expect((await cached()).length).toBeLessThan(count)
  })

  it('keeps at most 64 variants of one object, whatever sizes strangers ask for, and the ones in use stay', async () => {
    await admin.storage.from('media').upload('render/many.jpg', await photo(300, 200), { contentType: 'image/jpeg' })
    const url = (width: number) => anon.storage.from('media').getPublicUrl('render/many.jpg', { transform: { width, height: 100 } }).data.publicUrl
    const objectDir = path.join(backend.dataDir, 'storage-render', 'media', createHash('sha256').update('render/many.jpg').digest('hex'))
    const inUse = url(200)
    for (let width = 1; width <= 80; width++) {
      expect((await fetch(url(width))).status).toBe(200)
      // The site's own size is asked for all along.
      if (width % 10 === 0) expect((await fetch(inUse)).status).toBe(200)
    }
    const kept = await readdir(objectDir)
    expect(kept).toHaveLength(64)
    expect(kept.some((name) => name.includes('-200-100-'))).toBe(true)
    expect(kept.some((name) => name.includes('-1-100-'))).toBe(false)
  })
})
