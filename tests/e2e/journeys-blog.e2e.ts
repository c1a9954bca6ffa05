// A post's whole life as staff live it, through the back office only: a draft with an uploaded
// image, its preview, publishing it (it appears on /resources, at its URL, in the sitemap and in the
// RSS feed) and unpublishing it (it leaves all four).
import { XMLParser } from 'fast-xml-parser'
import type { Page } from 'playwright-core'
import { afterAll, describe, expect } from 'vitest'
import { test } from './support/fixtures.ts'
import { AdminPage } from './support/pages/admin.ts'
import { AdminBlogPage } from './support/pages/admin-blog.ts'
import { settle } from './support/settle.ts'
import { deleteRows, deleteStoredFile } from './support/staff-data.ts'
import { siteUrl } from './support/product.ts'

const TITLE = `Closing the Books Daily ${Date.now()}`
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'item' })

let slug = ''
let uploadedPath = ''
const postUrl = () => `${siteUrl}/resources/blog/${slug}`

afterAll(async () => {
  if (slug) await deleteRows('blog_posts', `slug=eq.${slug}`)
  if (uploadedPath) await deleteStoredFile('media', uploadedPath)
})

/** The four places a published post shows, each read as a visitor or a crawler gets it. */
const places = {
  async resources(page: Page): Promise<boolean> {
    await page.goto(`${siteUrl}/resources`)
    await settle(page)
    return (await page.locator(`a[href="/resources/blog/${slug}"]`).count()) > 0
  },
  async itsUrl(page: Page): Promise<boolean> {
    const response = await page.goto(postUrl())
    return response?.status() === 200 && new URL(page.url()).pathname !== '/resources'
  },
  async sitemap(): Promise<boolean> {
    const doc = parser.parse(await (await fetch(`${siteUrl}/sitemap.xml`)).text())
    return doc.urlset.url.some((url: { loc: string }) => url.loc === postUrl())
  },
  async feed(): Promise<boolean> {
    const doc = parser.parse(await (await fetch(`${siteUrl}/rss.xml`)).text())
    return (doc.rss.channel.item ?? []).some((item: { link: string; guid: unknown }) => item.link === postUrl())
  },
}

/** Where the post shows, asking again for up to 5 s (the web server keeps pages for one second). */
async function shownIn(page: Page, wanted: boolean): Promise<Record<keyof typeof places, boolean>> {
  const seen = {} as Record<keyof typeof places, boolean>
  for (const [name, check] of Object.entries(places) as [keyof typeof places, (page: Page) => Promise<boolean>][]) {
    const deadline = Date.now() + 5_000
    for (;;) {
      seen[name] = await check(page)
      if (seen[name] === wanted || Date.now() > deadline) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
  }
  return seen
}

const everywhere = { resources: true, itsUrl: true, sitemap: true, feed: true }
const nowhere = { resources: false, itsUrl: false, sitemap: false, feed: false }

describe('a post, from draft to published and back', () => {
  test('staff write it with an uploaded image, preview it, publish it and unpublish it', async ({ page }) => {
    const admin = new AdminPage(page, siteUrl)
    await admin.signIn()
    await admin.open('/admin/blog', 'Blog Management')
    const blog = new AdminBlogPage(page)

    // A draft on its own page, its image uploaded from this machine through the editor's file chooser.
    await blog.startPost()
    await blog.fill({
      title: TITLE,
      category: 'Operations',
      author: 'Ada Obi',
      featuredImage: '',
      excerpt: 'Why a daily close beats a monthly scramble.',
      body: '<p>Every account balances by six.</p>',
    })
    await blog.setPublished(false)
    const src = await blog.uploadImage({ name: 'close.png', mimeType: 'image/png', buffer: PNG })
    expect(src).toMatch(/\/storage\/v1\/object\/public\/media\/blog\//)
    uploadedPath = decodeURIComponent(new URL(src).pathname.replace('/storage/v1/object/public/media/', ''))
    await blog.imageUrl('Featured image', src)
    await blog.closeSettings()
    slug = await blog.slug()

    // The preview shows the post as readers will, with the uploaded image loaded.
    await blog.editor().getByRole('button', { name: 'Preview' }).click()
    const preview = blog.editor().getByRole('article', { name: 'Preview' })
    await expect(preview.getByRole('heading', { name: TITLE }).isVisible()).resolves.toBe(true)
    const images = preview.locator(`img[src="${src}"]`)
    await expect(images.count()).resolves.toBe(2) // the featured image and the one in the body
    await images.first().evaluate((img: HTMLImageElement) => img.decode())
    await expect(images.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).resolves.toBe(1)
    await page.screenshot({ path: 'test-results/journey-blog-preview.png' })
    await blog.create()
    await admin.expectToast('Blog post created successfully')
    expect(new URL(page.url()).pathname).toMatch(/^\/admin\/blog\/[0-9a-f-]{36}$/)

    // A draft is nowhere a visitor or a crawler looks.
    expect(await shownIn(page, false)).toEqual(nowhere)

    // Published from the list: everywhere.
    await admin.open('/admin/blog', 'Blog Management')
    await blog.publish(TITLE)
    await admin.expectToast('Blog post published successfully')
    expect(await shownIn(page, true)).toEqual(everywhere)
    await page.goto(postUrl())
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(TITLE)
    await expect(page.locator(`main img[src="${src}"]`).count()).resolves.toBeGreaterThan(0)

    // Unpublished from the list: gone from all four again.
    await admin.open('/admin/blog', 'Blog Management')
    await page.getByRole('button', { name: `Unpublish ${TITLE}` }).click()
    await admin.expectToast('Blog post unpublished successfully')
    expect(await shownIn(page, false)).toEqual(nowhere)
  })
})
