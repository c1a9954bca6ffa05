// A release's whole-site preview: the built app's server HTML against the real local backend. The
// link shows every public page as the release will make it (new hero copy, a new testimonial, a new
// post), never indexed or kept, while the live pages stay as they are; once the release is out the
// link answers 404.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readHead } from '../helpers/html.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build.ts'

let backend: LocalBackend
let service: SupabaseClient
let get: SiteHandler

beforeAll(async () => {
  backend = await startLocalBackend()
  service = backend.service()
  get = await siteOnBackend(backend)
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

async function html(path: string): Promise<string> {
  return (await get(path)).text()
}

describe('a release preview link', () => {
  it('shows the site as the release will make it, under a banner, and stops once the release is out', async () => {
    const editor = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const call = async <T>(fn: string, args: Record<string, unknown>): Promise<T> => {
      const { data, error } = await editor.rpc(fn, args)
      if (error) throw new Error(`${fn}: ${error.message}`)
      return data as T
    }
    const { data: hero } = await service.from('website_content').select('id, content').eq('section', 'hero').eq('key', 'main').single()
    const liveTitle = String((hero!.content as { title: string }).title)
    const { data: post } = await editor
      .from('blog_posts')
      .insert({
        slug: 'release-preview-launch',
        title: 'Spring Launch Notes',
        excerpt: 'What the spring release brings.',
        content: '<p>Accounts open in five minutes.</p>',
        category: 'News',
        featured_image: '/images/hero.svg',
        author_name: 'Ed',
        published: false,
        publish_at: new Date().toISOString(),
      })
      .select('id')
      .single()
    const { data: testimonial } = await editor
      .from('testimonials')
      .insert({ quote: 'Opened our accounts in a day.', name: 'Preview Client', title: 'COO', avatar: '/images/hero.svg', published: false })
      .select('id')
      .single()
    const release = await call<string>('create_release', { name: 'Spring' })
    await call('save_change', { kind: 'copy', id: hero!.id, change: { content: { ...(hero!.content as object), title: 'Accounts in five minutes' } } })
    await call('add_to_release', { release, kind: 'copy', id: hero!.id })
    await call('add_to_release', { release, kind: 'post', id: post!.id })
    await call('add_to_release', { release, kind: 'testimonial', id: testimonial!.id })
    const token = await call<string>('create_release_preview', { release })

    const home = await get(`/preview/release/${token}`)
    expect(home.status).toBe(200)
    expect(home.headers.get('x-robots-tag')).toBe('noindex, nofollow')
    expect(home.headers.get('cache-control')).toContain('no-store')
    const homeHtml = await home.text()
    expect(homeHtml).toContain('Preview of a release: not published')
    expect(homeHtml).toContain('Accounts in five minutes')
    expect(homeHtml).not.toContain(liveTitle)
    expect(readHead(homeHtml).meta.robots).toBe('noindex')
    expect(await html(`/preview/release/${token}/clients`)).toContain('Opened our accounts in a day.')
    expect(await html(`/preview/release/${token}/resources/blog/release-preview-launch`)).toContain('Accounts open in five minutes.')

    // Visitors of the live site see none of it.
    expect(await html('/')).toContain(liveTitle)
    expect(await html('/clients')).not.toContain('Opened our accounts in a day.')

    await call('publish_release', { release })
    expect((await get(`/preview/release/${token}`)).status).toBe(404)
    expect(await html('/')).toContain('Accounts in five minutes')
  })
})
