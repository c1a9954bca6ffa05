// Sign-off binds what the reviewer saw, against the real local backend with real supabase-js and
// Storage, while publishing needs approval: a picture a live post shows cannot be replaced under its
// name through the Storage API (visitors keep the approved bytes), and replacing it while the post
// is down withdraws the approval; the last editor is the session's, whatever a client sends; no
// redirect leads to a preview, and a rejected post's preview link stops answering on the site.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { keepPublicationFiles } from '../../server/publication-files'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPreviewLink } from '../../src/features/admin/blog/api/preview-links'
import { createRedirect, RedirectRefused } from '../../src/features/admin/redirects/api/redirects'
import { requestReview, reviewContent } from '../../src/features/admin/reviews/api/reviews'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build'

let backend: LocalBackend
let get: SiteHandler
let admin: Db
let editor: Db
let editorId: string
let reviewer: Db

async function staffMember(role: 'editor' | 'compliance'): Promise<{ db: Db; id: string }> {
  const email = `binding-${role}@test.local`
  const id = await backend.createUser(email, `${role}-password-1`)
  expect((await backend.service().from('staff_roles').insert({ user_id: id, role })).error).toBeNull()
  return { db: (await backend.signIn(email, `${role}-password-1`)) as unknown as Db, id }
}

async function picture(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: colour } })
    .png()
    .toBuffer()
}

const sha256 = (bytes: ArrayBuffer | Buffer) =>
  createHash('sha256')
    .update(Buffer.from(bytes as ArrayBuffer))
    .digest('hex')

async function publicBytes(name: string): Promise<string> {
  const response = await fetch(`${backend.url}/storage/v1/object/public/media/${name}`)
  expect(response.status).toBe(200)
  return sha256(await response.arrayBuffer())
}

async function waitingFingerprint(id: string): Promise<string> {
  const { data, error } = await reviewer.from('content_reviews').select('fingerprint').eq('item_id', id).eq('state', 'pending').single()
  if (error) throw new Error(error.message)
  return data.fingerprint
}

async function draftPost(slug: string, fields: Partial<{ featured_image: string; content: string }> = {}): Promise<string> {
  const { data, error } = await editor
    .from('blog_posts')
    .insert({
      slug,
      title: `Post ${slug}`,
      excerpt: 'A post under sign-off.',
      content: '<p>Body</p>',
      category: 'News',
      featured_image: '/images/x.png',
      author_name: 'Ed',
      published: false,
      publish_at: new Date().toISOString(),
      ...fields,
    })
    .select('id')
    .single()
  if (error) throw new Error(error.message)
  return data.id
}

beforeAll(async () => {
  backend = await startLocalBackend()
  get = await siteOnBackend(backend)
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  ;({ db: editor, id: editorId } = await staffMember('editor'))
  ;({ db: reviewer } = await staffMember('compliance'))
  const { error } = await backend.service().from('site_settings').update({ value: 'true' }).eq('key', 'content_requires_approval')
  if (error) throw new Error(error.message)
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

describe('a stored picture under sign-off', () => {
  it('keeps the approved bytes while a live post shows them, and a replacement while it is down withdraws the approval', async () => {
    const name = 'binding/chart.png'
    const approvedBytes = await picture('#2d317b')
    expect((await editor.storage.from('media').upload(name, approvedBytes, { contentType: 'image/png' })).error).toBeNull()
    const url = `${backend.url}/storage/v1/object/public/media/${name}`
    const id = await draftPost('binding-chart', { featured_image: url, content: `<p><img src="${url}" alt="Growth"></p>` })
    await requestReview(editor, 'post', id, null)
    expect(await reviewContent(reviewer, 'post', id, 'approve', null, await waitingFingerprint(id))).toBe('decided')

    const replaced = await editor.storage.from('media').upload(name, await picture('#28a9e1'), { contentType: 'image/png', upsert: true })
    // Storage answers the database's refusal with its own words, as Supabase's does (403).
    expect(replaced.error).toMatchObject({
      statusCode: '403',
      message: expect.stringMatching(/^Publishing needs approval: this file is shown on the live site/),
    })
    expect(await publicBytes(name)).toBe(sha256(approvedBytes))

    expect((await editor.from('blog_posts').update({ published: false }).eq('id', id)).error).toBeNull()
    // The shown bytes are on the publication record: the library lets them go once the web
    // server's chore has copied them to the archive.
    expect(await keepPublicationFiles(backend.service())).toMatchObject({ archived: 1 })
    expect((await editor.storage.from('media').upload(name, await picture('#28a9e1'), { contentType: 'image/png', upsert: true })).error).toBeNull()
    const { data: reviews } = await reviewer.from('content_reviews').select('state').eq('item_id', id)
    expect(reviews).toEqual([{ state: 'withdrawn' }])
    const republished = await editor.from('blog_posts').update({ published: true }).eq('id', id)
    expect(republished.error?.message).toMatch(/^Publishing needs approval/)
  })
})

describe('authorship', () => {
  it('is the session whatever updated_by a client sends, so an admin cannot approve his own change', async () => {
    const { data, error } = await admin
      .from('blog_posts')
      .insert({
        slug: 'binding-forged',
        title: 'Forged author',
        excerpt: 'E',
        content: '<p>F</p>',
        category: 'News',
        featured_image: '/images/x.png',
        author_name: 'A',
        published: false,
        publish_at: new Date().toISOString(),
        updated_by: editorId,
      })
      .select('id, updated_by')
      .single()
    if (error) throw new Error(error.message)
    expect(data.updated_by).not.toBe(editorId)
    await requestReview(admin, 'post', data.id, null)
    await expect(reviewContent(admin, 'post', data.id, 'approve', null, await waitingFingerprint(data.id))).rejects.toThrow(
      'You made the last change to this version: another reviewer must approve it.',
    )
  })
})

describe('previews', () => {
  it('cannot be the target of a redirect', async () => {
    await expect(createRedirect(editor, { from_path: '/resources/blog/binding-old', to_path: '/preview/abc', status_code: 302 })).rejects.toThrow(
      new RedirectRefused('A redirect cannot point to a preview link: previews are not for visitors.'),
    )
  })

  it("stop answering once the post's review is rejected", async () => {
    const id = await draftPost('binding-preview')
    const token = await createPreviewLink(editor, id)
    expect((await get(`/preview/${token}`)).status).toBe(200)
    await requestReview(editor, 'post', id, null)
    await reviewContent(reviewer, 'post', id, 'reject', 'No promises of returns', await waitingFingerprint(id))
    const response = await get(`/preview/${token}`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('This preview link has expired')
  })
})
