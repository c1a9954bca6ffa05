// Autosave, draft copies, stale saves and bulk changes of blog posts through the admin's data
// functions, against the real local backend with real supabase-js: an autosave never reaches
// visitors or the post's versions, Update publishes the copy once, a save based on an old version
// is refused naming who saved meanwhile (and nothing is lost), and several posts change at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blogPostSchema, type BlogPostInput, type BlogPostValues } from '../../src/entities/blog-post'
import { deleteBlogPosts, listBlogPosts, setBlogPostsPublished } from '../../src/features/admin/blog/api/blog-posts'
import { discardPostDraft, listPostDrafts, publishPostDraft, savePostDraft } from '../../src/features/admin/blog/api/post-drafts'
import { listRevisions } from '../../src/features/admin/lib/revisions'
import { StaleVersionError, type Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { formValuesOf } from '../../src/entities/form-values'

let backend: LocalBackend
let admin: Db
let editor: Db
let visitor: Db

beforeAll(async () => {
  backend = await startLocalBackend()
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  const service = backend.service()
  const { data, error } = await service.auth.admin.createUser({
    email: 'ed.editor@example.com',
    password: 'editor-password-1',
    email_confirm: true,
    user_metadata: { full_name: 'Ed Editor' },
  })
  expect(error).toBeNull()
  expect((await service.from('staff_roles').insert({ user_id: data.user!.id, role: 'editor' })).error).toBeNull()
  editor = (await backend.signIn('ed.editor@example.com', 'editor-password-1')) as unknown as Db
  visitor = backend.anon() as unknown as Db
})
afterAll(async () => {
  await backend?.dispose()
})

/** The row the editor's action writes for `post` as opened, with `changes` typed into it. */
function valuesOf(post: Awaited<ReturnType<typeof listBlogPosts>>[number], changes: Partial<BlogPostInput> = {}): BlogPostValues {
  return blogPostSchema.parse({ ...formValuesOf(blogPostSchema, post), ...changes })
}

async function livePost(id: string) {
  return (await listBlogPosts(admin)).find((p) => p.id === id)!
}

async function visitorTitle(id: string): Promise<string | undefined> {
  const { data } = await visitor.from('blog_posts').select('title').eq('id', id).maybeSingle()
  return data?.title
}

describe('Draft copies', () => {
  it('autosaves of a published post stay out of the live post and its versions; Update publishes them as one version', async () => {
    const post = (await listBlogPosts(admin)).find((p) => p.published)!
    const versionsBefore = (await listRevisions(admin, 'blog_posts', post.id)).length

    await savePostDraft(admin, post.id, { title: 'Half-typed titl' })
    await savePostDraft(admin, post.id, { title: 'Half-typed title, finished' })
    expect((await listPostDrafts(admin)).get(post.id)?.values.title).toBe('Half-typed title, finished')
    expect(await visitorTitle(post.id)).toBe(post.title)
    expect((await visitor.from('content_drafts').select('id')).error?.message).toMatch(/permission denied/)
    expect((await listRevisions(admin, 'blog_posts', post.id)).length).toBe(versionsBefore)

    await publishPostDraft(admin, post.id, valuesOf(post, { title: 'Published from the draft copy' }), post.updated_at)
    expect(await visitorTitle(post.id)).toBe('Published from the draft copy')
    expect((await listPostDrafts(admin)).has(post.id)).toBe(false)
    expect((await listRevisions(admin, 'blog_posts', post.id)).length).toBe(versionsBefore + 1)
  })

  it('a draft copy can be discarded: the live post is as it was', async () => {
    const post = (await listBlogPosts(admin)).find((p) => p.published)!
    await savePostDraft(admin, post.id, { title: 'Never mind' })
    await discardPostDraft(admin, post.id)
    expect((await listPostDrafts(admin)).has(post.id)).toBe(false)
    expect(await visitorTitle(post.id)).toBe(post.title)
  })
})

describe('Stale saves', () => {
  it('the second of two editors who opened the same version is refused with who saved and when; keeping theirs saves over it', async () => {
    const opened = (await listBlogPosts(admin)).find((p) => p.published)!

    await publishPostDraft(editor, opened.id, valuesOf(opened, { excerpt: 'The editor saved first.' }), opened.updated_at)
    const theirs = await livePost(opened.id)

    const refusal = await publishPostDraft(admin, opened.id, valuesOf(opened, { title: 'The admin saved second' }), opened.updated_at).catch(
      (error: unknown) => error,
    )
    expect(refusal).toBeInstanceOf(StaleVersionError)
    const stale = refusal as StaleVersionError
    expect([stale.updatedBy, stale.updatedByName, Date.parse(stale.updatedAt)]).toEqual(['ed.editor@example.com', 'Ed Editor', Date.parse(theirs.updated_at)])
    // Nothing is lost: the post keeps theirs, the draft copy keeps mine.
    expect((await livePost(opened.id)).excerpt).toBe('The editor saved first.')
    expect((await listPostDrafts(admin)).get(opened.id)?.values.title).toBe('The admin saved second')

    // Keep mine: the same save, naming their version.
    await publishPostDraft(admin, opened.id, valuesOf(opened, { title: 'The admin saved second' }), stale.updatedAt)
    expect(await visitorTitle(opened.id)).toBe('The admin saved second')
  })
})

describe('Bulk changes', () => {
  it('publishes two drafts at once and counts them; unpublishes and deletes them the same way', async () => {
    const service = backend.service()
    const drafts = [1, 2].map((n) => ({
      slug: `bulk-draft-${n}`,
      title: `Bulk draft ${n}`,
      excerpt: 'x',
      content: '<p>x</p>',
      category: 'Test',
      featured_image: '/images/x.png',
      author_name: 'Tester',
      published: false,
      publish_at: '2026-01-01T00:00:00Z',
    }))
    const { data, error } = await service.from('blog_posts').insert(drafts).select('id')
    expect(error).toBeNull()
    const ids = data!.map((row: { id: string }) => row.id)

    expect(await setBlogPostsPublished(admin, ids, true)).toBe(2)
    expect(await Promise.all(ids.map(visitorTitle))).toEqual(['Bulk draft 1', 'Bulk draft 2'])
    expect(await setBlogPostsPublished(admin, ids, true)).toBe(0)
    expect(await setBlogPostsPublished(admin, ids, false)).toBe(2)
    expect(await Promise.all(ids.map(visitorTitle))).toEqual([undefined, undefined])
    expect(await deleteBlogPosts(editor, ids)).toBe(2)
    expect((await listBlogPosts(admin)).filter((p) => ids.includes(p.id))).toEqual([])
  })
})
