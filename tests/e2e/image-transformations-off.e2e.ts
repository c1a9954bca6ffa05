// A web server for a hosted project whose plan has no Storage image transformations
// (SUPABASE_IMAGE_TRANSFORMATIONS=off): a post's uploaded photo and byline show as their object
// URLs, both in the server's page and after the browser renders the post itself (a link followed
// from /resources), and the browser never asks for a /render/image/ address.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect } from 'vitest'
import { startSite, type SiteServer } from '../helpers/site-server.ts'
import { test } from './support/fixtures.ts'
import { deleteRows, deleteStoredFile, insertRow } from './support/staff-data.ts'
import { productBackend } from './support/product.ts'

const backend = productBackend()
const stamp = Date.now()
const slug = `plain-images-${stamp}`
const paths = { photo: `e2e/plain-photo-${stamp}.png`, byline: `e2e/plain-byline-${stamp}.png` }
const objectUrl = (path: string) => `${backend.url}/storage/v1/object/public/media/${path}`
let site: SiteServer | undefined

beforeAll(async () => {
  for (const [path, size] of [
    [paths.photo, [1200, 630]],
    [paths.byline, [88, 88]],
  ] as const) {
    const image = await sharp({ create: { width: size[0], height: size[1], channels: 3, background: '#28a9e1' } })
      .png()
      .toBuffer()
    const stored = await fetch(`${backend.url}/storage/v1/object/media/${path}`, {
      method: 'POST',
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}`, 'content-type': 'image/png' },
      body: image,
    })
    if (!stored.ok) throw new Error(`upload ${path}: ${stored.status} ${await stored.text()}`)
  }
  await insertRow('blog_posts', {
    slug,
    title: `Plain Images ${stamp}`,
    excerpt: 'Photos sent as uploaded.',
    content: '<p>Body</p>',
    category: 'Operations',
    featured_image: objectUrl(paths.photo),
    author_name: 'Ada Obi',
    author_avatar: objectUrl(paths.byline),
  })
  site = await startSite(backend.url, backend.anonKey, { SUPABASE_IMAGE_TRANSFORMATIONS: 'off' })
})

afterAll(async () => {
  await site?.stop()
  await deleteRows('blog_posts', `slug=eq.${slug}`)
  for (const path of Object.values(paths)) await deleteStoredFile('media', path)
})

describe('with SUPABASE_IMAGE_TRANSFORMATIONS=off', () => {
  test('uploaded images are their object URLs on the server and in the browser, and load', async ({ page }) => {
    const requested: string[] = []
    page.on('request', (request) => requested.push(request.url()))

    await page.goto(`${site!.url}/resources`)
    const featured = page.locator('main img[fetchpriority="high"]')
    expect(await featured.getAttribute('src')).toBe(objectUrl(paths.photo))
    expect(await featured.getAttribute('srcset')).toBeNull()
    expect(await featured.getAttribute('sizes')).toBeNull()

    // The post page as the browser renders it, not as the server sent it.
    await page
      .getByRole('link', { name: `Plain Images ${stamp}` })
      .first()
      .click()
    await page.getByRole('heading', { level: 1, name: `Plain Images ${stamp}` }).waitFor()
    const shown = await page.locator('main img').evaluateAll((images: HTMLImageElement[]) =>
      Promise.all(
        images.map(async (image) => {
          await image.decode()
          return { src: image.getAttribute('src'), srcset: image.getAttribute('srcset'), width: image.naturalWidth }
        }),
      ),
    )
    expect(shown).toContainEqual({ src: objectUrl(paths.photo), srcset: null, width: 1200 })
    expect(shown).toContainEqual({ src: objectUrl(paths.byline), srcset: null, width: 88 })
    expect(requested.filter((url) => url.includes('/render/image/'))).toEqual([])
  })
})
