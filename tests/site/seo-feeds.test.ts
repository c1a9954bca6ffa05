// The files crawlers and feed readers fetch — /sitemap.xml, /rss.xml, /robots.txt — produced by
// their real route loaders against the real local backend, read back with an XML parser.
import type { SupabaseClient } from '@supabase/supabase-js'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { loader as robotsLoader } from '../../src/routes/seo/robots-txt.ts'
import { loader as rssLoader } from '../../src/routes/seo/rss-xml.ts'
import { loader as sitemapLoader } from '../../src/routes/seo/sitemap-xml.ts'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

const SITE = 'https://www.ledgerfield.example'
const PUBLIC_PATHS = [
  '/',
  '/solutions',
  '/products',
  '/industries',
  '/resources',
  '/about',
  '/careers',
  '/clients',
  '/contact',
  '/privacy-policy',
  '/terms-of-use',
]

let backend: LocalBackend
let service: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackend()
  service = backend.service()
  // What the web server reads (src/lib/env.server.ts): the loaders' client is the visitor's (anon).
  vi.stubEnv('SUPABASE_URL', backend.url)
  vi.stubEnv('SUPABASE_ANON_KEY', backend.keys.anonKey)
  vi.stubEnv('SITE_URL', SITE)
})

afterAll(async () => {
  vi.unstubAllEnvs()
  await backend?.dispose()
})

/** Calls a route loader the way React Router does for GET `path` (no visitor address known). */
async function get<Args>(loader: (args: Args) => Response | Promise<Response>, path: string, origin = 'http://localhost:3000'): Promise<Response> {
  const url = new URL(path, origin)
  const args = { request: new Request(url), url, pattern: path, params: {}, context: new RouterContextProvider() }
  return loader(args as Args)
}

const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' || name === 'item' })

async function readXml(response: Response): Promise<ReturnType<XMLParser['parse']>> {
  const text = await response.text()
  expect(XMLValidator.validate(text)).toBe(true)
  return parser.parse(text)
}

interface SitemapUrl {
  loc: string
  lastmod?: string
}

async function sitemap(): Promise<Map<string, string | undefined>> {
  const doc = await readXml(await get(sitemapLoader, '/sitemap.xml'))
  const urls: SitemapUrl[] = doc.urlset.url
  return new Map(urls.map((url) => [url.loc, url.lastmod]))
}

interface RssItem {
  title: string
  link: string
  guid: { '#text': string; '@_isPermaLink': string }
  description: string
  pubDate: string
  category: string
  'dc:creator': string
}

async function rssItems(): Promise<RssItem[]> {
  const doc = await readXml(await get(rssLoader, '/rss.xml'))
  return doc.rss.channel.item ?? []
}

/** A timestamp from the database as the sitemap writes it: UTC, to the second. */
function toSecond(timestamp: string): string {
  return new Date(timestamp).toISOString().slice(0, 19) + 'Z'
}

function newest(...timestamps: string[]): string {
  return timestamps.reduce((a, b) => (new Date(a) >= new Date(b) ? a : b))
}

let postCounter = 0
function postRow(overrides: Record<string, unknown> = {}) {
  postCounter += 1
  return {
    slug: `seo-test-post-${postCounter}`,
    title: `SEO test post ${postCounter}`,
    excerpt: 'An excerpt.',
    content: '<p>Body.</p>',
    category: 'Testing',
    featured_image: '/images/blog/placeholder.svg',
    author_name: 'Test Author',
    ...overrides,
  }
}

async function insertPost(overrides: Record<string, unknown> = {}) {
  const { data, error } = await service.from('blog_posts').insert(postRow(overrides)).select().single()
  if (error) throw new Error(error.message)
  return data as { id: string; slug: string; created_at: string; updated_at: string }
}

async function setPublished(id: string, published: boolean) {
  const { data, error } = await service.from('blog_posts').update({ published }).eq('id', id).select().single()
  if (error) throw new Error(error.message)
  return data as { slug: string; created_at: string; updated_at: string }
}

describe('/sitemap.xml', () => {
  it('is XML listing every public page, every solution, every published post and every open role, at SITE_URL', async () => {
    const response = await get(sitemapLoader, '/sitemap.xml')
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/xml; charset=utf-8')
    const doc = await readXml(response)
    expect(doc.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9')
    const locs: string[] = doc.urlset.url.map((url: SitemapUrl) => url.loc)

    const solutions = (await service.from('solutions').select('slug')).data as { slug: string }[]
    const posts = (await service.from('blog_posts').select('slug').eq('published', true)).data as { slug: string }[]
    const jobs = (await service.from('job_openings').select('slug').eq('active', true)).data as { slug: string }[]
    expect(solutions).toHaveLength(6)
    expect(jobs.length).toBeGreaterThan(3)
    expect(posts.length).toBeGreaterThan(6)
    expect([...locs].sort()).toEqual(
      [
        ...PUBLIC_PATHS.map((path) => `${SITE}${path}`),
        ...solutions.map((s) => `${SITE}/solutions/${s.slug}`),
        ...posts.map((p) => `${SITE}/resources/blog/${p.slug}`),
        ...jobs.map((j) => `${SITE}/careers/${j.slug}`),
      ].sort(),
    )
    expect(new Set(locs).size).toBe(locs.length)
  })

  it('leaves out the seed drafts, inactive jobs and the back office', async () => {
    const drafts = (await service.from('blog_posts').select('slug').eq('published', false)).data as { slug: string }[]
    expect(drafts).toHaveLength(2)
    const urls = await sitemap()
    for (const draft of drafts) expect(urls.has(`${SITE}/resources/blog/${draft.slug}`)).toBe(false)
    expect([...urls.keys()].filter((loc) => loc.includes('/admin'))).toEqual([])
    const inactive = (await service.from('job_openings').select('slug').eq('active', false)).data as { slug: string }[]
    expect(inactive).toHaveLength(1)
    expect(urls.has(`${SITE}/careers/${inactive[0]!.slug}`)).toBe(false)
  })

  it('dates each solution and post by its row, and each page by the newest change to what it shows', async () => {
    const urls = await sitemap()
    const solutions = (await service.from('solutions').select('slug, created_at, updated_at')).data as {
      slug: string
      created_at: string
      updated_at: string
    }[]
    for (const s of solutions) {
      expect(urls.get(`${SITE}/solutions/${s.slug}`)).toBe(toSecond(newest(s.created_at, s.updated_at)))
    }
    const posts = (await service.from('blog_posts').select('slug, created_at, updated_at').eq('published', true)).data as {
      slug: string
      created_at: string
      updated_at: string
    }[]
    for (const p of posts) {
      expect(urls.get(`${SITE}/resources/blog/${p.slug}`)).toBe(toSecond(newest(p.created_at, p.updated_at)))
    }
    for (const path of PUBLIC_PATHS) expect(urls.get(`${SITE}${path}`), path).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)

    // Editing the privacy policy re-dates /privacy-policy and nothing else. Dates are whole seconds:
    // the edit must fall in a later second than the page's date. It does at once: the content comes
    // from the data template, made before this backend started; the wait is only a guard.
    const datedAt = Date.parse(urls.get(`${SITE}/privacy-policy`)!)
    await vi.waitFor(() => expect(Date.now()).toBeGreaterThanOrEqual(datedAt + 1000), { timeout: 2000, interval: 50 })
    const { data: privacy, error } = await service
      .from('website_content')
      .update({ content: { title: 'Privacy Policy', content: '<h2>1. Updated</h2><p>New text.</p>' } })
      .eq('section', 'legal')
      .eq('key', 'privacy')
      .select('updated_at')
      .single()
    if (error) throw new Error(error.message)
    const after = await sitemap()
    expect(after.get(`${SITE}/privacy-policy`)).toBe(toSecond((privacy as { updated_at: string }).updated_at))
    expect(after.get(`${SITE}/privacy-policy`)).not.toBe(urls.get(`${SITE}/privacy-policy`))
    for (const path of PUBLIC_PATHS.filter((p) => p !== '/privacy-policy')) {
      expect(after.get(`${SITE}${path}`), path).toBe(urls.get(`${SITE}${path}`))
    }
  })

  it('lists a draft only once it is published, dated by the publish, and drops it when unpublished', async () => {
    const draft = await insertPost({ published: false })
    const url = `${SITE}/resources/blog/${draft.slug}`
    expect((await sitemap()).has(url)).toBe(false)

    const published = await setPublished((draft as { id: string }).id, true)
    const urls = await sitemap()
    expect(urls.get(url)).toBe(toSecond(published.updated_at))
    expect(urls.get(`${SITE}/resources`)).toBe(toSecond(published.updated_at))

    await setPublished((draft as { id: string }).id, false)
    expect((await sitemap()).has(url)).toBe(false)
  })
})

describe('/rss.xml', () => {
  it('is RSS 2.0 titled and described by the site settings, with a self link', async () => {
    const response = await get(rssLoader, '/rss.xml')
    expect(response.headers.get('Content-Type')).toBe('application/rss+xml; charset=utf-8')
    const { rss } = await readXml(response)
    expect(rss['@_version']).toBe('2.0')
    expect(rss.channel.title).toBe('Ledgerfield Technologies')
    expect(rss.channel.description).toBe('Pioneering the future of financial technology with secure, scalable and innovative software.')
    expect(rss.channel.link).toBe(`${SITE}/`)
    expect(rss.channel['atom:link']['@_href']).toBe(`${SITE}/rss.xml`)
  })

  it('carries the 20 newest published posts, newest first, with absolute permalinks and RFC 822 dates', async () => {
    // Enough older posts that the feed must leave some out.
    for (let i = 0; i < 15; i++) {
      await insertPost({ created_at: new Date(Date.UTC(2020, 0, 1 + i)).toISOString() })
    }
    const { data } = await service
      .from('blog_posts')
      .select('slug, title, excerpt, category, author_name, created_at')
      .eq('published', true)
      .order('created_at', { ascending: false })
      .limit(20)
    const expected = data as { slug: string; title: string; excerpt: string; category: string; author_name: string; created_at: string }[]
    expect(expected).toHaveLength(20)

    const items = await rssItems()
    expect(items).toEqual(
      expected.map((post) => ({
        title: post.title,
        link: `${SITE}/resources/blog/${post.slug}`,
        guid: { '#text': `${SITE}/resources/blog/${post.slug}`, '@_isPermaLink': 'true' },
        description: post.excerpt,
        pubDate: new Date(post.created_at).toUTCString(),
        category: post.category,
        'dc:creator': post.author_name,
      })),
    )
    expect(items[0].pubDate).toMatch(/^[A-Z][a-z]{2}, \d\d [A-Z][a-z]{2} \d{4} \d\d:\d\d:\d\d GMT$/)
  })

  it('never carries a draft; a published post appears at the top and leaves when unpublished', async () => {
    const drafts = (await service.from('blog_posts').select('slug').eq('published', false)).data as { slug: string }[]
    const links = (await rssItems()).map((item) => item.link)
    for (const draft of drafts) expect(links).not.toContain(`${SITE}/resources/blog/${draft.slug}`)

    const post = await insertPost({ published: false, title: 'Q&A: <Rates> "now" & \'then\'', created_at: new Date().toISOString() })
    expect((await rssItems()).map((item) => item.link)).not.toContain(`${SITE}/resources/blog/${post.slug}`)
    await setPublished(post.id, true)
    const [top] = await rssItems()
    expect(top.link).toBe(`${SITE}/resources/blog/${post.slug}`)
    expect(top.title).toBe('Q&A: <Rates> "now" & \'then\'')
    await setPublished(post.id, false)
    expect((await rssItems()).map((item) => item.link)).not.toContain(`${SITE}/resources/blog/${post.slug}`)
  })
})

describe('/robots.txt', () => {
  it('allows the site, disallows /admin and names the absolute sitemap', async () => {
    const response = await get(robotsLoader, '/robots.txt')
    expect(response.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    const lines = (await response.text()).split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    expect(lines).toContain('Disallow: /admin')
    expect(lines).toContain(`Sitemap: ${SITE}/sitemap.xml`)
  })
})

describe('without SITE_URL', () => {
  it('builds absolute URLs on the origin the request came to', async () => {
    vi.stubEnv('SITE_URL', '')
    try {
      const robots = await (await get(robotsLoader, '/robots.txt', 'http://127.0.0.1:3501')).text()
      expect(robots).toContain('Sitemap: http://127.0.0.1:3501/sitemap.xml')
      const urls = await sitemap()
      expect([...urls.keys()].every((loc) => loc.startsWith('http://localhost:3000/'))).toBe(true)
    } finally {
      vi.stubEnv('SITE_URL', SITE)
    }
  })
})
