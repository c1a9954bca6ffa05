// A phone photo, from upload to a visitor's phone: staff upload a 3000×2000 JPEG that carries its
// GPS position; the stored file no longer does, and the post's page offers it in sizes (srcset of
// image-transformation URLs), so a 390 px phone downloads a small WebP, not the original.
import sharp from 'sharp'
import { afterAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { deleteRows, deleteStoredFile } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const TITLE = `Harbour at Dawn ${Date.now()}`
const DATUM = 'HARBOUR-DATUM'

let slug = ''
let uploadedPath = ''

afterAll(async () => {
  if (slug) await deleteRows('blog_posts', `slug=eq.${slug}`)
  if (uploadedPath) await deleteStoredFile('media', uploadedPath)
})

/** A camera-sized JPEG (grain makes it weigh what a photo does) with where it was taken in EXIF. */
function phonePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#5b7fa6', noise: { type: 'gaussian', mean: 120, sigma: 18 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 4242/100', GPSMapDatum: DATUM } })
    .toBuffer()
}

describe('a large photo uploaded for a post', () => {
  test('loses its location on upload and reaches a phone as a small resized image', async ({ page }) => {
    const photo = await phonePhoto()
    expect(photo.length).toBeGreaterThan(1024 * 1024)
    expect(photo.includes(DATUM)).toBe(true)

    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/blog', 'Blog Management')
    const blog = new AdminBlogPage(page)
    await blog.startPost()
    await blog.fill({
      title: TITLE,
      category: 'Operations',
      author: 'Ada Obi',
      featuredImage: '',
      excerpt: 'A photo from the harbour.',
      body: '<p>Morning.</p>',
    })
    await blog.setPublished(true)
    const src = await blog.uploadImage({ name: 'harbour.jpg', mimeType: 'image/jpeg', buffer: photo })
    expect(src).toMatch(/\/storage\/v1\/object\/public\/media\/blog\//)
    uploadedPath = decodeURIComponent(new URL(src).pathname.replace('/storage/v1/object/public/media/', ''))
    await blog.imageUrl('Featured image', src)
    await blog.closeSettings()
    // Only as the featured image: the body's own images are served as they were uploaded.
    await blog.content().fill('<p>Morning.</p>')
    slug = await blog.slug()
    await blog.create()
    await admin.expectToast('Blog post created successfully')

    // The stored file is the photo without its position; the rest of its EXIF is still there.
    const stored = Buffer.from(await (await fetch(src)).arrayBuffer())
    expect(stored.includes(DATUM)).toBe(false)
    expect(stored.includes('PhoneMaker')).toBe(true)
    expect(await sharp(stored).metadata()).toMatchObject({ width: 3000, height: 2000 })

    // The post's page at phone width: a srcset of transformation URLs, and the browser picks a small WebP.
    const images: { url: string; type: string; bytes: number }[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'image') return
      images.push({ url: response.url(), type: response.headers()['content-type'] ?? '', bytes: (await response.body()).length })
    })
    await page.goto(`${siteUrl}/resources/blog/${slug}`)
    const featured = page.locator('main img[fetchpriority="high"]')
    const srcset = (await featured.getAttribute('srcset')) ?? ''
    expect(srcset).toContain(`${new URL(src).origin}/storage/v1/render/image/public/media/${uploadedPath}?width=400&`)
    expect(srcset).toMatch(/ 1600w$/)
    const current = await featured.evaluate(async (img: HTMLImageElement) => {
      await img.decode()
      return { src: img.currentSrc, width: img.naturalWidth }
    })
    expect(current.src).toContain('/storage/v1/render/image/public/media/')
    expect(current.width).toBeLessThanOrEqual(1080)
    const downloaded = images.find((image) => image.url === current.src)
    expect(downloaded?.type).toBe('image/webp')
    expect(downloaded!.bytes).toBeLessThan(150 * 1024)
    // The original is never fetched by the page.
    expect(images.some((image) => image.url === src)).toBe(false)
  })
})
