// The media library as staff use it: an image uploaded on the Media screen is used by a post; renamed
// and moved to another folder there, the post's page still shows it, from its new address.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { expectNoViolations } from './support/axe.ts'
import { test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminMediaPage } from './support/pages/admin-media.ts'
import { settle } from './support/settle.ts'
import { deleteRows, deleteStoredFile, insertRow } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const STAMP = Date.now()
const FOLDER = `journey-${STAMP}`
const SLUG = `media-journey-${STAMP}`
const TITLE = `Media Journey ${STAMP}`
let png: Buffer

beforeAll(async () => {
  png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#2d317b' } })
    .png()
    .toBuffer()
})

afterAll(async () => {
  await deleteRows('blog_posts', `slug=eq.${SLUG}`)
  await deleteStoredFile('media', `${FOLDER}/journey-photo.png`).catch(() => undefined)
  await deleteStoredFile('media', `${FOLDER}/archive/harbour-at-dawn.png`).catch(() => undefined)
})

describe('the media library', () => {
  test('staff upload an image, a post uses it, they rename and move it, and the post still shows it', async ({ page }) => {
    const admin = new AdminPage(page, siteUrl)
    const media = new AdminMediaPage(page)
    await admin.signIn()
    await admin.open('/admin/media', 'Media')
    await expectNoViolations(page, '/admin/media')

    await media.upload(FOLDER, { name: 'Journey Photo.png', mimeType: 'image/png', buffer: png })
    await admin.expectToast('Image uploaded successfully')
    await media.item('journey-photo.png').waitFor()
    await expect(media.item('journey-photo.png').textContent()).resolves.toContain('Not used')

    // The address the back office gives uploads: Storage at the site's own origin (npm start proxies it).
    const oldUrl = `${siteUrl}/storage/v1/object/public/media/${FOLDER}/journey-photo.png`
    await insertRow('blog_posts', {
      slug: SLUG,
      title: TITLE,
      excerpt: 'A post whose image moves.',
      content: `<p>The harbour.</p><p><img src="${oldUrl}" alt="The harbour at dawn"></p>`,
      category: 'Operations',
      featured_image: oldUrl,
      author_name: 'Ada Obi',
    })
    await admin.open(`/admin/media?folder=${FOLDER}`, 'Media')
    await expect(media.item('journey-photo.png').textContent()).resolves.toContain(`Used by Blog post: ${TITLE}`)

    await media.openMove('journey-photo.png')
    await expectNoViolations(page, '/admin/media, Rename or move image', { include: ['[role="dialog"]'] })
    await media.move({ folder: `${FOLDER}/archive`, name: 'harbour-at-dawn.png' })
    await admin.expectToast('Image renamed successfully')
    await media.dialog().waitFor({ state: 'detached' })
    // The list was filtered to the old folder: the image is now in the new one.
    await expect(media.item('journey-photo.png').count()).resolves.toBe(0)
    await media.showFolder(`${FOLDER}/archive`)
    await media.item('harbour-at-dawn.png').waitFor()
    await expect(media.item('harbour-at-dawn.png').textContent()).resolves.toContain(`${FOLDER}/archive`)
    await page.screenshot({ path: 'test-results/journey-media-renamed.png' })

    // The post's page (kept by the web server for a second) shows the image from its new address.
    const newPath = `media/${FOLDER}/archive/harbour-at-dawn.png`
    const deadline = Date.now() + 5_000
    let sources: string[] = []
    do {
      await page.goto(`${siteUrl}/resources/blog/${SLUG}`)
      sources = await page
        .locator('main img')
        .evaluateAll((images) => images.map((img) => (img as HTMLImageElement).currentSrc || (img as HTMLImageElement).src))
    } while (!sources.some((src) => src.includes(newPath)) && Date.now() < deadline)
    await settle(page)
    const shown = page.locator(`main img[alt="The harbour at dawn"]`)
    await expect(shown.getAttribute('src')).resolves.toContain(newPath)
    await expect(shown.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBe(2)
    expect((await page.content()).includes(`${FOLDER}/journey-photo.png`)).toBe(false)
  })
})
