// The files the publication record names stay as long as the record: the web server copies each into
// the private publication-archive bucket through the Storage API (keepPublicationFiles, its chore);
// until then the media library cannot remove it, afterwards it can while the copy stays, out of
// visitors' reach, and the site as of a moment shows the copy.
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/lib/supabase.ts'
import { keepPublicationFiles } from '../../server/publication-files.ts'
import { deleteMedia, MediaBeingArchived } from '../../src/features/admin/media/api/media-library.ts'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend()
})

afterAll(async () => {
  await backend?.dispose()
})

describe('a file on the publication record', () => {
  it('is archived by the web server, and only then leaves the media library, its copy kept from visitors', async () => {
    const admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const service = backend.service() as unknown as Db
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#2d317b' } })
      .png()
      .toBuffer()
    expect((await admin.storage.from('media').upload('record/chart.png', png, { contentType: 'image/png' })).error).toBeNull()
    const url = admin.storage.from('media').getPublicUrl('record/chart.png').data.publicUrl
    const posted = await admin.from('blog_posts').insert({
      slug: 'record-chart',
      title: 'A chart on the record',
      excerpt: 'E',
      content: `<p>See the chart.</p><img src="${url}" alt="A chart">`,
      category: 'News',
      featured_image: url,
      author_name: 'Ada',
      published: true,
    })
    expect(posted.error).toBeNull()

    // The Storage API answers the database's refusal as Supabase's does: the file is locked for now.
    const locked = await admin.storage.from('media').remove(['record/chart.png'])
    expect(locked.error).toMatchObject({ statusCode: '423', message: 'The resource is locked' })
    expect((await admin.storage.from('media').list('record')).data?.map((file) => file.name)).toEqual(['chart.png'])

    // Once no item shows it, the Media screen's delete says why it must wait, and deletes nothing.
    expect((await admin.from('blog_posts').delete().eq('slug', 'record-chart')).error).toBeNull()
    await expect(deleteMedia(admin as unknown as Db, 'record/chart.png')).rejects.toBeInstanceOf(MediaBeingArchived)
    expect((await admin.storage.from('media').list('record')).data?.map((file) => file.name)).toEqual(['chart.png'])

    expect(await keepPublicationFiles(service)).toEqual({ archived: 1, removed: 0 })
    expect(await keepPublicationFiles(service)).toEqual({ archived: 0, removed: 0 })
    const { data: copies } = await service.storage.from('publication-archive').list('', { limit: 10 })
    expect(copies?.length).toBe(1)

    await deleteMedia(admin as unknown as Db, 'record/chart.png')
    expect((await admin.storage.from('media').list('record')).data).toEqual([])

    const folder = copies![0].name
    const kept = await service.storage.from('publication-archive').download(`${folder}/record/chart.png`)
    expect(Buffer.from(await kept.data!.arrayBuffer()).equals(png)).toBe(true)
    expect((await backend.anon().storage.from('publication-archive').download(`${folder}/record/chart.png`)).data).toBeNull()
    expect((await service.storage.from('publication-archive').remove([`${folder}/record/chart.png`])).error).toMatchObject({
      statusCode: '403',
      message: 'This file is kept for the publication record.',
    })
    expect((await service.storage.from('publication-archive').list(`${folder}/record`)).data?.map((file) => file.name)).toEqual(['chart.png'])
  })
})
