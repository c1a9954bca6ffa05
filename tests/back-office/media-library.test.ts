// The media library through the back office's own data functions, against the real local backend
// with real supabase-js: uploads go through signed upload URLs and the bucket's limits still hold;
// renaming or moving an image rewrites every item that shows it, so the public page follows; a
// rewrite that fails puts the file back; a used image cannot be deleted; staff without media.write
// are refused.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteMedia, listMedia, MediaInUse, MediaNameTaken, moveMedia } from '../../src/features/admin/media/api/media-library'
import { ImageRejected, uploadMedia } from '../../src/features/admin/lib/upload-media'
import type { Db } from '../../src/lib/supabase'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { siteOnBackend, type SiteHandler } from '../helpers/site-build'

let backend: LocalBackend
let get: SiteHandler
let admin: Db
let editor: Db
let sales: Db
let png: Buffer

async function staffMember(role: 'editor' | 'sales'): Promise<Db> {
  const email = `media-${role}@test.local`
  const userId = await backend.createUser(email, `${role}-password-1`)
  expect((await backend.service().from('staff_roles').insert({ user_id: userId, role })).error).toBeNull()
  return (await backend.signIn(email, `${role}-password-1`)) as unknown as Db
}

function imageFile(name: string, bytes: Uint8Array<ArrayBuffer> = new Uint8Array(png), type = 'image/png'): File {
  return new File([bytes], name, { type })
}

async function newPost(slug: string, fields: { featured_image: string; content: string }): Promise<string> {
  const { data, error } = await backend
    .service()
    .from('blog_posts')
    .insert({ slug, title: `Post ${slug}`, excerpt: 'A post with a photo.', category: 'Banking', author_name: 'Tester', ...fields })
    .select('id')
    .single()
  if (error) throw error
  return data.id
}

beforeAll(async () => {
  backend = await startLocalBackend()
  get = await siteOnBackend(backend)
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  editor = await staffMember('editor')
  sales = await staffMember('sales')
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2d317b' } })
    .png()
    .toBuffer()
}, 240_000)

afterAll(async () => {
  await backend?.dispose()
})

describe('uploading through a signed upload URL', () => {
  it("stores an editor's image, whose public URL answers with it", async () => {
    const url = await uploadMedia(editor, imageFile('Harbour Photo.PNG'), 'blog')
    expect(url).toMatch(new RegExp(`^${backend.url}/storage/v1/object/public/media/blog/[0-9a-f-]{36}-harbour-photo.png$`))
    const response = await fetch(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
  })

  it("keeps the screen's own checks and wording", async () => {
    await expect(uploadMedia(editor, imageFile('notes.txt', new Uint8Array([1]), 'text/plain'), 'blog')).rejects.toThrow(
      new ImageRejected('Please select an image file'),
    )
    await expect(uploadMedia(editor, imageFile('huge.png', new Uint8Array(5 * 1024 * 1024 + 1)), 'blog')).rejects.toThrow(
      new ImageRejected('Image must be 5 MB or smaller'),
    )
  })

  it("is held to the bucket's size and type limits by Storage itself", async () => {
    const media = editor.storage.from('media')
    const big = await media.createSignedUploadUrl('blog/too-big.png')
    expect(big.error).toBeNull()
    const tooBig = await media.uploadToSignedUrl(big.data!.path, big.data!.token, new Uint8Array(5 * 1024 * 1024 + 1), { contentType: 'image/png' })
    expect(tooBig.error?.message).toMatch(/maximum allowed size/i)

    const page = await media.createSignedUploadUrl('blog/page.html')
    expect(page.error).toBeNull()
    const html = await media.uploadToSignedUrl(page.data!.path, page.data!.token, new TextEncoder().encode('<script>alert(1)</script>'), {
      contentType: 'text/html',
    })
    expect(html.error?.message).toMatch(/mime type text\/html is not supported/i)
    expect((await admin.storage.from('media').exists('blog/too-big.png')).data).toBe(false)
    expect((await admin.storage.from('media').exists('blog/page.html')).data).toBe(false)
  })

  it('refuses a staff member without media.write before any byte is sent', async () => {
    await expect(uploadMedia(sales, imageFile('sales.png'), 'blog')).rejects.toThrow(/Failed to upload image/)
    expect((await sales.storage.from('media').createSignedUploadUrl('blog/sales.png')).error).not.toBeNull()
  })
})

describe('renaming or moving an image', () => {
  it('rewrites every item that shows it: the public page has the new URL, which answers 200', async () => {
    const oldUrl = await uploadMedia(editor, imageFile('quay.png'), 'blog')
    const oldPath = oldUrl.split('/storage/v1/object/public/media/')[1]
    const oldRender = `${backend.url}/storage/v1/render/image/public/media/${oldPath}?width=640`
    await newPost('quay-story', { featured_image: oldUrl, content: `<p>At the quay.</p><p><img src="${oldRender}" alt="The quay"></p>` })
    const { data: client } = await backend.service().from('clients').insert({ name: 'Quay Bank', logo_url: oldUrl }).select('id').single()

    const [listed] = (await listMedia(editor)).filter((file) => file.path === oldPath)
    expect(listed.uses.map((use) => `${use.table}: ${use.label}`).sort()).toEqual(['blog_posts: Post quay-story', 'clients: Quay Bank'])
    expect(listed).toMatchObject({ folder: 'blog', size: png.length, mimetype: 'image/png' })

    expect(await moveMedia(editor, oldPath, 'archive/2026/quay-at-dawn.png')).toBe(2)

    const newUrl = `${backend.url}/storage/v1/object/public/media/archive/2026/quay-at-dawn.png`
    const { data: post } = await admin.from('blog_posts').select('featured_image, content').eq('slug', 'quay-story').single()
    expect(post).toEqual({
      featured_image: newUrl,
      content: `<p>At the quay.</p><p><img src="${backend.url}/storage/v1/render/image/public/media/archive/2026/quay-at-dawn.png?width=640" alt="The quay"></p>`,
    })
    expect((await admin.from('clients').select('logo_url').eq('id', client!.id).single()).data?.logo_url).toBe(newUrl)

    const html = await (await get('/resources/blog/quay-story')).text()
    expect(html).toContain('media/archive/2026/quay-at-dawn.png')
    expect(html).not.toContain(oldPath)
    expect((await fetch(newUrl)).status).toBe(200)
    expect((await fetch(`${backend.url}/storage/v1/render/image/public/media/archive/2026/quay-at-dawn.png?width=32`)).status).toBe(200)
    expect((await fetch(oldUrl)).ok).toBe(false)

    const [moved] = (await listMedia(editor)).filter((file) => file.path === 'archive/2026/quay-at-dawn.png')
    expect(moved.uses).toHaveLength(2)
  })

  it('puts the file back when the items cannot be rewritten, so nothing stops working', async () => {
    const url = await uploadMedia(editor, imageFile('long.png'), 'blog')
    const path = url.split('/storage/v1/object/public/media/')[1]
    // The post's text is at its length limit: a longer address would break it.
    const image = `<img src="${url}" alt="">`
    await newPost('full-post', { featured_image: url, content: `<p>${'x'.repeat(200_000 - image.length - 7)}</p>${image}` })

    await expect(moveMedia(editor, path, `blog/${'much-longer-name-'.repeat(4)}long.png`)).rejects.toThrow(/Failed to point the items/)
    expect((await editor.storage.from('media').exists(path)).data).toBe(true)
    expect((await editor.storage.from('media').exists(`blog/${'much-longer-name-'.repeat(4)}long.png`)).data).toBe(false)
    expect((await admin.from('blog_posts').select('featured_image').eq('slug', 'full-post').single()).data?.featured_image).toBe(url)
    expect((await fetch(url)).status).toBe(200)
  })

  it('refuses a name another file has, and changes nothing', async () => {
    const first = (await uploadMedia(editor, imageFile('first.png'), 'blog')).split('/media/')[1]
    const second = (await uploadMedia(editor, imageFile('second.png'), 'blog')).split('/media/')[1]
    await expect(moveMedia(editor, first, second)).rejects.toBeInstanceOf(MediaNameTaken)
    expect((await editor.storage.from('media').exists(first)).data).toBe(true)
  })

  it('is refused to staff without media.write: the file stays and nothing is rewritten', async () => {
    const url = await uploadMedia(editor, imageFile('kept.png'), 'blog')
    const path = url.split('/storage/v1/object/public/media/')[1]
    await newPost('kept-post', { featured_image: url, content: '<p>Kept.</p>' })
    await expect(moveMedia(sales, path, 'blog/taken-by-sales.png')).rejects.toThrow()
    const rewrite = await sales.rpc('rewrite_media_references', { from_name: path, to_name: 'blog/taken-by-sales.png' })
    expect(rewrite.error?.message).toBe('Only staff who manage media can rename or move files.')
    expect((await admin.storage.from('media').exists(path)).data).toBe(true)
    expect((await admin.from('blog_posts').select('featured_image').eq('slug', 'kept-post').single()).data?.featured_image).toBe(url)
    expect((await sales.rpc('media_usage')).error?.message).toBe('Only staff who manage media can see where files are used.')
  })
})

describe('deleting an image', () => {
  it('is refused while an item shows it, and allowed once none does', async () => {
    const url = await uploadMedia(editor, imageFile('team.png'), 'team')
    const path = url.split('/storage/v1/object/public/media/')[1]
    const { data: member } = await backend
      .service()
      .from('team_members')
      .insert({ name: 'Ada Obi', position: 'Engineer', bio: 'Builds things.', avatar: url, order_index: 900 })
      .select('id')
      .single()
    const refusal = await deleteMedia(editor, path).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(MediaInUse)
    expect((refusal as MediaInUse).uses).toEqual([{ table: 'team_members', id: member!.id, label: 'Ada Obi' }])
    expect((await fetch(url)).status).toBe(200)

    expect((await backend.service().from('team_members').update({ avatar: '/images/avatars/ngozi-eze.svg' }).eq('id', member!.id)).error).toBeNull()
    await deleteMedia(editor, path)
    expect((await admin.storage.from('media').exists(path)).data).toBe(false)
  })
})
