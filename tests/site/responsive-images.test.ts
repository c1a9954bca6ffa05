// Uploaded images on public pages come in sizes: a post whose featured image is in Storage gets a
// srcset of image-transformation URLs (each a real, resized WebP), fetched first on its page and
// lazily in lists; an image address elsewhere is used as it is.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { decode } from '../helpers/html.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'

let backend: LocalBackend
let get: SiteHandler
let photoUrl: string

beforeAll(async () => {
  backend = await startLocalBackend()
  get = await siteOnBackend(backend)

  const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3a6ea5' } })
    .jpeg()
    .toBuffer()
  const { error } = await admin.storage.from('media').upload('blog/harbour.jpg', photo, { contentType: 'image/jpeg' })
  if (error) throw error
  photoUrl = admin.storage.from('media').getPublicUrl('blog/harbour.jpg').data.publicUrl
  const post = (slug: string, featured_image: string) => ({
    slug,
    title: `Post ${slug}`,
    excerpt: 'A post with a photo.',
    content: '<p>Body</p>',
    category: 'Banking',
    featured_image,
    author_name: 'Tester',
  })
  // One after the other, so the uploaded one is the newest post and leads /resources.
  for (const row of [post('external-photo', 'https://images.example.org/harbour.jpg'), post('uploaded-photo', photoUrl)]) {
    const inserted = await backend.service().from('blog_posts').insert(row)
    if (inserted.error) throw inserted.error
  }
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

/** The attributes of the first <img> whose src or srcset mentions `needle`. */
function imageWith(html: string, needle: string): Record<string, string> | null {
  for (const tag of html.match(/<img [^>]*>/g) ?? []) {
    const attributes = Object.fromEntries([...tag.matchAll(/ ([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decode(value)]))
    if ((attributes.src ?? '').includes(needle) || (attributes.srcset ?? '').includes(needle)) return attributes
  }
  return null
}

describe('a post whose featured image was uploaded', () => {
  it('offers a srcset of transformation URLs, each a resized WebP, and is fetched with high priority', async () => {
    const html = await (await get('/resources/blog/uploaded-photo')).text()
    const image = imageWith(html, 'blog/harbour.jpg')
    expect(image).not.toBeNull()
    const base = `${backend.url}/storage/v1/render/image/public/media/blog/harbour.jpg`
    const candidates = image!.srcset.split(', ').map((candidate) => candidate.split(' '))
    expect(candidates.map(([, descriptor]) => descriptor)).toEqual(['400w', '640w', '800w', '1080w', '1280w', '1600w'])
    for (const [url, descriptor] of candidates) {
      const width = Number.parseInt(descriptor, 10)
      expect(url).toBe(`${base}?width=${width}&height=${Math.round((width * 630) / 1200)}&resize=cover&quality=75`)
    }
    expect(image!.src.startsWith(`${base}?width=`)).toBe(true)
    expect(image!.sizes).toContain('calc(100vw - 40px)')
    expect(image!.fetchpriority).toBe('high')
    expect(image!.loading).toBeUndefined()

    const [url] = candidates[0]
    const variant = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } })
    expect(variant.headers.get('content-type')).toBe('image/webp')
    expect(await sharp(Buffer.from(await variant.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 210 })
  })

  it('leads /resources with high priority, and every other image of the list loads lazily', async () => {
    const html = await (await get('/resources')).text()
    // Attribute names as a browser reads them (React writes some in camel case, e.g. fetchPriority).
    const [first, ...rest] = (html.match(/<img [^>]*>/g) ?? []).map((tag) => tag.replace(/ ([a-zA-Z-]+)=/g, (_, name: string) => ` ${name.toLowerCase()}=`))
    expect(first).toContain('render/image/public/media/blog/harbour.jpg')
    expect(first).toContain('fetchpriority="high"')
    expect(rest.length).toBeGreaterThan(0)
    for (const card of rest) expect(card).toContain('loading="lazy"')
  })
})

describe('a post whose featured image is elsewhere', () => {
  it('uses the address as it is, without a srcset', async () => {
    const html = await (await get('/resources/blog/external-photo')).text()
    const image = imageWith(html, 'images.example.org')
    expect(image).toMatchObject({ src: 'https://images.example.org/harbour.jpg' })
    expect(image!.srcset).toBeUndefined()
  })
})
