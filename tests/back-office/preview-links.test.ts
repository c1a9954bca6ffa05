// Preview links through the blog editor's data functions, against the real local backend with real
// supabase-js: a link is made for a draft, listed while active, opens the post for a visitor, and
// is gone from the list and from visitors once revoked; a live post gets none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getPreviewPost } from '../../src/features/blog/api/posts'
import { createPreviewLink, listPreviewLinks, revokePreviewLink } from '../../src/features/admin/blog/api/preview-links'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'

let backend: LocalBackend
let admin: Db
let visitor: Db

beforeAll(async () => {
  backend = await startLocalBackend()
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  visitor = backend.anon() as unknown as Db
})
afterAll(async () => {
  await backend?.dispose()
})

async function addPost(slug: string, published: boolean): Promise<string> {
  const { data, error } = await backend
    .service()
    .from('blog_posts')
    .insert({ slug, title: `Post ${slug}`, excerpt: 'E', content: '<p>Body</p>', category: 'News', featured_image: '/a.jpg', author_name: 'A', published })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return (data as { id: string }).id
}

describe('preview links', () => {
  it('are made for a draft, listed with a 7-day expiry, open it for a visitor, and stop when revoked', async () => {
    const id = await addPost('links-draft', false)
    const token = await createPreviewLink(admin, id)
    expect(token).toMatch(/^[0-9a-f]{64}$/)

    const [link] = await listPreviewLinks(admin, id)
    const days = (Date.parse(link.expires_at) - Date.parse(link.created_at)) / 86_400_000
    expect(days).toBeCloseTo(7, 2)
    expect(Object.keys(link)).not.toContain('token_hash')
    expect((await getPreviewPost(visitor, token))?.slug).toBe('links-draft')

    await revokePreviewLink(admin, link.id)
    expect(await listPreviewLinks(admin, id)).toEqual([])
    expect(await getPreviewPost(visitor, token)).toBeNull()
  })

  it('are refused for a live post, and visitors cannot list them', async () => {
    const id = await addPost('links-live', true)
    await expect(createPreviewLink(admin, id)).rejects.toThrow(/already published/)
    const { error } = await visitor.from('post_previews').select('id')
    expect(error?.message).toMatch(/permission denied/)
  })
})
