// What crawlers and link previews get from an editor's search and social fields, and what a preview
// link shows: the built app's server HTML against the real local backend.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readHead, textOf } from '../helpers/html.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'

const SITE_URL = 'https://www.ledgerfield.test'
let backend: LocalBackend
let service: SupabaseClient
let get: SiteHandler

beforeAll(async () => {
  backend = await startLocalBackend()
  service = backend.service()
  get = await siteOnBackend(backend, SITE_URL)
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

async function page(path: string): Promise<{ status: number; html: string; headers: Headers }> {
  const response = await get(path)
  return { status: response.status, html: await response.text(), headers: response.headers }
}

async function sitemapLocs(): Promise<string[]> {
  const xml = await (await get('/sitemap.xml')).text()
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1])
}

const post = {
  title: 'Reconciling Every Night',
  category: 'Operations',
  excerpt: 'Why nightly reconciliation beats a month-end scramble.',
  content: '<p>Every account balances by six.</p>',
  featured_image: '/images/blog/close.jpg',
  author_name: 'Ada Obi',
}

async function addPost(slug: string, fields: Record<string, unknown>): Promise<string> {
  const { data, error } = await service
    .from('blog_posts')
    .insert({ ...post, slug, ...fields })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

describe('search and social fields', () => {
  it('a post without them keeps its title, excerpt and featured image', async () => {
    await addPost('search-defaults', { published: true })
    const head = readHead((await page('/resources/blog/search-defaults')).html)
    expect(head.title).toBe('Reconciling Every Night | Ledgerfield Technologies')
    expect(head.meta.description).toBe(post.excerpt)
    expect(head.meta['og:image']).toBe(`${SITE_URL}/images/blog/close.jpg`)
    expect(head.meta.robots).toBeUndefined()
  })

  it("a post's SEO title, description and social image replace them in the head and link previews", async () => {
    await addPost('search-own', {
      published: true,
      seo_title: 'Nightly reconciliation for banks',
      seo_description: 'How banks close their books every night.',
      social_image: 'https://cdn.example.com/card.png',
    })
    const { html } = await page('/resources/blog/search-own')
    const head = readHead(html)
    // An SEO title is the whole title: the company name is not added to it.
    expect(head.title).toBe('Nightly reconciliation for banks')
    expect(head.meta['og:title']).toBe('Nightly reconciliation for banks')
    expect(head.meta.description).toBe('How banks close their books every night.')
    expect(head.meta['og:description']).toBe('How banks close their books every night.')
    expect(head.meta['og:image']).toBe('https://cdn.example.com/card.png')
    expect(head.meta['twitter:image']).toBe('https://cdn.example.com/card.png')
    // The page itself still shows the post's own title.
    expect(textOf(html, 'h1')).toBe('Reconciling Every Night')
  })

  it('a hidden post asks not to be indexed and leaves the sitemap, and comes back when shown again', async () => {
    const id = await addPost('search-hidden', { published: true, hide_from_search: true })
    const { status, html } = await page('/resources/blog/search-hidden')
    expect(status).toBe(200)
    expect(readHead(html).meta.robots).toBe('noindex')
    expect(await sitemapLocs()).not.toContain(`${SITE_URL}/resources/blog/search-hidden`)

    await service.from('blog_posts').update({ hide_from_search: false }).eq('id', id)
    expect(readHead((await page('/resources/blog/search-hidden')).html).meta.robots).toBeUndefined()
    expect(await sitemapLocs()).toContain(`${SITE_URL}/resources/blog/search-hidden`)
  })

  it('a solution uses its SEO title and social image; hidden, it is noindex and leaves the sitemap', async () => {
    await service.from('solutions').update({ seo_title: 'Core banking for African banks', social_image: '/images/card-banking.png' }).eq('slug', 'banking')
    let head = readHead((await page('/solutions/banking')).html)
    expect(head.title).toBe('Core banking for African banks')
    expect(head.meta['og:image']).toBe(`${SITE_URL}/images/card-banking.png`)
    expect(head.meta.description?.length).toBeGreaterThan(20) // its meta description, as before

    await service.from('solutions').update({ hide_from_search: true }).eq('slug', 'banking')
    head = readHead((await page('/solutions/banking')).html)
    expect(head.meta.robots).toBe('noindex')
    expect(await sitemapLocs()).not.toContain(`${SITE_URL}/solutions/banking`)
  })
})

describe('preview links', () => {
  it('open a draft with the banner, noindex in the page and the header, and stop when revoked', async () => {
    const id = await addPost('preview-draft', { published: false, title: 'Draft Under Review' })
    const editor = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const made = await editor.rpc('create_post_preview', { post_id: id })
    expect(made.error).toBeNull()
    const token = made.data as string

    // The public address of a draft shows nothing; the preview link shows the post.
    expect((await get('/resources/blog/preview-draft')).status).toBe(302)
    const preview = await page(`/preview/${token}`)
    expect(preview.status).toBe(200)
    expect(textOf(preview.html, 'h1')).toBe('Draft Under Review')
    expect(preview.html).toContain('Preview: not published')
    expect(preview.html).toContain('Every account balances by six.')
    expect(readHead(preview.html).meta.robots).toBe('noindex')
    expect(preview.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(preview.headers.get('cache-control')).toContain('no-store')

    const { data: links } = await editor.from('post_previews').select('id').eq('post_id', id)
    await editor
      .from('post_previews')
      .update({ revoked_at: new Date().toISOString() })
      .eq('id', (links as { id: string }[])[0].id)
    const revoked = await page(`/preview/${token}`)
    expect(revoked.status).toBe(404)
    expect(textOf(revoked.html, 'h1')).toBe('This preview link has expired')
    expect(revoked.html).not.toContain('Draft Under Review')
    expect(readHead(revoked.html).meta.robots).toBe('noindex')
  })

  it('an unknown or malformed token gets the same expired page', async () => {
    for (const token of ['0'.repeat(64), 'not-a-token']) {
      const { status, html } = await page(`/preview/${token}`)
      expect(status).toBe(404)
      expect(textOf(html, 'h1')).toBe('This preview link has expired')
    }
  })
})
