// SUPABASE_IMAGE_TRANSFORMATIONS=off, for a hosted project whose plan has no Storage image
// transformations: every uploaded image on the public pages (post images and bylines, the home
// hero, client logos, testimonial and team avatars) is sent as its object URL, with no srcset and
// no sizes, and no page names a /render/image/ address. Left on, the same images come in sizes.
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { decode } from '../helpers/html.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'

let backend: LocalBackend
let get: SiteHandler
/** Each uploaded image's object URL, by name. */
const uploaded: Record<string, string> = {}

/** The page of each uploaded image, with the names of the images it shows. */
const PAGES: Record<string, string[]> = {
  '/': ['hero', 'logo'],
  '/clients': ['logo', 'avatar'],
  '/about': ['portrait'],
  '/resources': ['photo'],
  '/resources/blog/uploaded-images': ['photo', 'byline'],
}

beforeAll(async () => {
  backend = await startLocalBackend()
  get = await siteOnBackend(backend)

  const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  for (const [name, [width, height]] of Object.entries({
    hero: [1600, 1200],
    logo: [400, 120],
    avatar: [300, 300],
    portrait: [300, 300],
    photo: [2400, 1260],
    byline: [200, 200],
  })) {
    const image = await sharp({ create: { width, height, channels: 3, background: '#2d317b' } })
      .png()
      .toBuffer()
    const path = `switch/${name}.png`
    const { error } = await admin.storage.from('media').upload(path, image, { contentType: 'image/png' })
    if (error) throw error
    uploaded[name] = admin.storage.from('media').getPublicUrl(path).data.publicUrl
  }

  const service = backend.service()
  const checked = ({ error }: { error: unknown }) => {
    if (error) throw error
  }
  checked(
    await service.from('blog_posts').insert({
      slug: 'uploaded-images',
      title: 'A post with uploaded images',
      excerpt: 'Its photo and byline are in Storage.',
      content: '<p>Body</p>',
      category: 'Banking',
      featured_image: uploaded.photo,
      author_name: 'Tester',
      author_avatar: uploaded.byline,
    }),
  )
  checked(await service.from('clients').insert({ name: 'Aardvark Savings', logo_url: uploaded.logo }))
  checked(await service.from('testimonials').insert({ quote: 'It just works.', name: 'Ada Obi', title: 'CIO', avatar: uploaded.avatar, rating: 5 }))
  checked(await service.from('team_members').insert({ name: 'Kofi Mensah', position: 'CTO', bio: 'Builds things.', avatar: uploaded.portrait, order_index: 0 }))
  const hero = await service.from('website_content').select('content').eq('section', 'hero').eq('key', 'main').single()
  checked(hero)
  checked(
    await service
      .from('website_content')
      .update({ content: { ...hero.data!.content, image: uploaded.hero } })
      .eq('section', 'hero')
      .eq('key', 'main'),
  )
}, 240_000)

afterEach(() => {
  vi.unstubAllEnvs()
})

afterAll(async () => {
  await backend?.dispose()
})

/** Every <img> of the page, its attribute names as a browser reads them. */
function images(html: string): Record<string, string>[] {
  return (html.match(/<img [^>]*>/g) ?? []).map((tag) =>
    Object.fromEntries([...tag.matchAll(/ ([a-zA-Z-]+)="([^"]*)"/g)].map(([, name, value]) => [name.toLowerCase(), decode(value)])),
  )
}

async function page(path: string): Promise<string> {
  const response = await get(path)
  expect(response.status, path).toBe(200)
  return response.text()
}

describe('with SUPABASE_IMAGE_TRANSFORMATIONS=off', () => {
  it('shows every uploaded image as its object URL, with no srcset or sizes, and names no render address', async () => {
    vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', 'off')
    for (const [path, names] of Object.entries(PAGES)) {
      const html = await page(path)
      expect(html, path).not.toContain('/render/image/')
      const shown = images(html)
      for (const name of names) {
        const image = shown.find((attributes) => attributes.src === uploaded[name])
        expect(image, `${name} on ${path}`).toBeDefined()
        expect(image!.srcset, `${name} on ${path}`).toBeUndefined()
        expect(image!.sizes, `${name} on ${path}`).toBeUndefined()
      }
    }
  })

  it('keeps the image box and loading hints as they are', async () => {
    vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', 'off')
    const [featured] = images(await page('/resources'))
    expect(featured).toMatchObject({ src: uploaded.photo, width: '1200', height: '630', fetchpriority: 'high' })
    const portrait = images(await page('/about')).find((attributes) => attributes.src === uploaded.portrait)
    expect(portrait).toMatchObject({ width: '64', height: '64', loading: 'lazy' })
  })

  it('serves the object URLs the pages name', async () => {
    const response = await fetch(uploaded.photo)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
  })
})

describe('with SUPABASE_IMAGE_TRANSFORMATIONS on (the default)', () => {
  it('offers every uploaded image in sizes through the render address', async () => {
    for (const setting of [undefined, 'on']) {
      vi.stubEnv('SUPABASE_IMAGE_TRANSFORMATIONS', setting)
      for (const [path, names] of Object.entries(PAGES)) {
        const shown = images(await page(path))
        for (const name of names) {
          const render = uploaded[name].replace('/object/public/', '/render/image/public/')
          const image = shown.find((attributes) => (attributes.srcset ?? '').includes(render))
          expect(image, `${name} on ${path}`).toBeDefined()
          expect(image!.src.startsWith(`${render}?`), `${name} on ${path}`).toBe(true)
        }
      }
    }
  })
})
