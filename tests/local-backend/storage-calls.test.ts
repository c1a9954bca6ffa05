// The rest of Supabase's storage API on the local backend, through storage-js as an engineer would
// call it: buckets (create, get, list, update, empty, delete), move and copy, signed upload URLs,
// info, list v2, and the answer to a request without credentials — each with the success and the
// refusals that row-level security and bucket limits give.
import { randomUUID } from 'node:crypto'
import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

let backend: LocalBackend
let anon: SupabaseClient
let admin: SupabaseClient
let service: SupabaseClient

beforeAll(async () => {
  backend = await startLocalBackend()
  anon = backend.anon()
  service = backend.service()
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
})

afterAll(async () => {
  await backend?.dispose()
})

const fileOf = (bucket: string, key: string) => path.join(backend.dataDir, 'storage', bucket, ...key.split('/'))
const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  )
const publicUrl = (bucket: string, key: string) => `${backend.url}/storage/v1/object/public/${bucket}/${key}`
const png = (extra = '') => Buffer.concat([PNG, Buffer.from(extra)])

describe('buckets', () => {
  it('are created, read, listed and changed by the service role, with their limits applied to uploads', async () => {
    const created = await service.storage.createBucket('gallery', { public: true, fileSizeLimit: '1KB', allowedMimeTypes: ['image/png'] })
    expect(created).toEqual({ data: { name: 'gallery' }, error: null })

    const got = await service.storage.getBucket('gallery')
    expect(got.data).toMatchObject({ id: 'gallery', name: 'gallery', public: true, file_size_limit: 1000, allowed_mime_types: ['image/png'] })
    // As Storage answers: a listed bucket has its type, a bucket read alone has none.
    expect(got.data).not.toHaveProperty('type')
    const listed = await service.storage.listBuckets({ search: 'galle' })
    expect(listed.data?.map((b) => b.id)).toEqual(['gallery'])
    expect(Object.keys(listed.data?.[0] ?? {})).toEqual([
      'id',
      'name',
      'owner',
      'public',
      'type',
      'file_size_limit',
      'allowed_mime_types',
      'created_at',
      'updated_at',
    ])
    expect(listed.data?.[0]).toMatchObject({ type: 'STANDARD' })
    const sorted = (await service.storage.listBuckets({ sortColumn: 'name', sortOrder: 'desc' })).data?.map((b) => b.id) ?? []
    expect(sorted).toContain('gallery')
    expect(sorted).toEqual([...sorted].sort().reverse())
    const firstTwo = await service.storage.listBuckets({ sortColumn: 'name', sortOrder: 'desc', limit: 2 })
    expect(firstTwo.data?.map((b) => b.id)).toEqual(sorted.slice(0, 2))

    expect((await service.storage.from('gallery').upload('a.png', png(), { contentType: 'image/png' })).error).toBeNull()
    const tooBig = await service.storage.from('gallery').upload('big.png', png('x'.repeat(1000)), { contentType: 'image/png' })
    expect(tooBig.error).toMatchObject({ status: 413, statusCode: '413' })
    const wrongType = await service.storage.from('gallery').upload('a.gif', png(), { contentType: 'image/gif' })
    expect(wrongType.error).toMatchObject({ status: 415 })

    const updated = await service.storage.updateBucket('gallery', { public: false, fileSizeLimit: null, allowedMimeTypes: ['image/png', 'image/gif'] })
    expect(updated).toEqual({ data: { message: 'Successfully updated' }, error: null })
    expect((await service.storage.getBucket('gallery')).data).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: ['image/png', 'image/gif'],
    })
    expect((await service.storage.from('gallery').upload('a.gif', png(), { contentType: 'image/gif' })).error).toBeNull()
    expect((await service.storage.from('gallery').upload('big.png', png('x'.repeat(1000)), { contentType: 'image/png' })).error).toBeNull()
    // No longer public: its public URL serves nothing.
    expect((await fetch(publicUrl('gallery', 'a.png'))).status).toBe(404)
  })

  it('are refused to everyone else, as the policies on storage.buckets decide (none: service role only)', async () => {
    for (const client of [anon, admin]) {
      const create = await client.storage.createBucket('nope')
      expect(create.error).toMatchObject({ status: 403, statusCode: '403', message: 'new row violates row-level security policy' })
      expect((await client.storage.listBuckets()).data).toEqual([])
      expect((await client.storage.getBucket('media')).error).toMatchObject({ status: 404, message: 'Bucket not found' })
      expect((await client.storage.updateBucket('media', { public: false })).error).toMatchObject({ status: 404 })
      expect((await client.storage.emptyBucket('media')).error).toMatchObject({ status: 404 })
      expect((await client.storage.deleteBucket('media')).error).toMatchObject({ status: 404 })
    }
    expect((await service.storage.getBucket('media')).data).toMatchObject({ public: true })
    expect((await service.storage.getBucket('nope')).error).toMatchObject({ status: 404 })
  })

  it('refuse a duplicate, a bad name, a limit over the global one and a malformed type', async () => {
    await service.storage.createBucket('twice')
    expect((await service.storage.createBucket('twice')).error).toMatchObject({ status: 409, message: 'The resource already exists' })
    expect((await service.storage.createBucket(' spaced')).error).toMatchObject({ status: 400, message: 'Bucket name invalid' })
    expect((await service.storage.createBucket('a/b')).error).toMatchObject({ status: 400 })
    expect((await service.storage.createBucket('huge', { public: false, fileSizeLimit: '1GB' })).error).toMatchObject({ status: 413 })
    expect((await service.storage.createBucket('typed', { public: false, allowedMimeTypes: ['not a type'] })).error).toMatchObject({ status: 415 })
    expect((await service.storage.updateBucket('twice', {} as { public: boolean })).error).toMatchObject({ status: 400, message: 'No content provided' })
  })

  it('are emptied (rows and files) and then deleted, and never deleted while they hold objects', async () => {
    await service.storage.createBucket('scratch')
    for (const key of ['one.txt', 'deep/two.txt']) {
      expect((await service.storage.from('scratch').upload(key, 'hello', { contentType: 'text/plain' })).error).toBeNull()
    }
    const refused = await service.storage.deleteBucket('scratch')
    expect(refused.error).toMatchObject({ status: 409, message: 'The bucket you tried to delete is not empty' })

    const emptied = await service.storage.emptyBucket('scratch')
    expect(emptied.error).toBeNull()
    expect(emptied.data?.message).toBeTruthy()
    expect((await service.storage.from('scratch').list('', { limit: 10 })).data).toEqual([])
    expect(await exists(fileOf('scratch', 'one.txt'))).toBe(false)
    expect(await exists(fileOf('scratch', 'deep/two.txt'))).toBe(false)

    expect(await service.storage.deleteBucket('scratch')).toEqual({ data: { message: 'Successfully deleted' }, error: null })
    expect((await service.storage.getBucket('scratch')).error).toMatchObject({ status: 404 })
    expect(await exists(path.join(backend.dataDir, 'storage', 'scratch'))).toBe(false)
    expect((await service.storage.deleteBucket('scratch')).error).toMatchObject({ status: 404 })
  })

  it('keep a CV when a visitor asks to empty the applications bucket', async () => {
    const cv = `${randomUUID()}/cv.pdf`
    expect((await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })).error).toBeNull()
    await anon.storage.emptyBucket('applications')
    expect(await exists(fileOf('applications', cv))).toBe(true)
    expect((await service.storage.from('applications').list(cv.split('/')[0])).data).toHaveLength(1)
  })
})

describe('move and copy', () => {
  it('move an image, row and file together: the old URL is gone and the new one serves the same bytes', async () => {
    const bytes = png('move me')
    const up = await admin.storage.from('media').upload('moves/old.png', bytes, { contentType: 'image/png' })
    expect(up.error).toBeNull()
    const moved = await admin.storage.from('media').move('moves/old.png', 'moves/renamed/new.png')
    expect(moved).toEqual({ data: { message: 'Successfully moved', Id: up.data?.id, Key: 'moves/renamed/new.png' }, error: null })

    expect((await fetch(publicUrl('media', 'moves/old.png'))).status).toBe(404)
    const served = await fetch(publicUrl('media', 'moves/renamed/new.png'))
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)
    expect(await exists(fileOf('media', 'moves/old.png'))).toBe(false)
    expect(await readFile(fileOf('media', 'moves/renamed/new.png'))).toEqual(bytes)
    expect((await admin.storage.from('media').info('moves/renamed/new.png')).data).toMatchObject({ id: up.data?.id, size: bytes.length })
  })

  it('refuse a move onto an existing object (409), of a missing one (404), and by visitors', async () => {
    await admin.storage.from('media').upload('moves/a.png', png('a'), { contentType: 'image/png' })
    await admin.storage.from('media').upload('moves/b.png', png('b'), { contentType: 'image/png' })
    expect((await admin.storage.from('media').move('moves/a.png', 'moves/b.png')).error).toMatchObject({ status: 409 })
    expect(await readFile(fileOf('media', 'moves/b.png'))).toEqual(png('b'))
    expect((await admin.storage.from('media').move('moves/missing.png', 'moves/c.png')).error).toMatchObject({ status: 404 })
    expect((await anon.storage.from('media').move('moves/a.png', 'moves/c.png')).error).toMatchObject({ status: 404 })
    expect(await readFile(fileOf('media', 'moves/a.png'))).toEqual(png('a'))
    expect(await exists(fileOf('media', 'moves/c.png'))).toBe(false)

    // A visitor cannot move its own CV either: it has no UPDATE policy (nor SELECT).
    const cv = `${randomUUID()}/cv.pdf`
    await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })
    expect((await anon.storage.from('applications').move(cv, `${randomUUID()}/cv.pdf`)).error).toMatchObject({ status: 404 })
    expect(await exists(fileOf('applications', cv))).toBe(true)
  })

  it('copy an object into an independent one, and apply the destination bucket’s limits', async () => {
    const bytes = png('copy me')
    await admin.storage.from('media').upload('copies/source.png', bytes, { contentType: 'image/png', cacheControl: '120' })
    const copied = await admin.storage.from('media').copy('copies/source.png', 'copies/copy.png')
    expect(copied).toEqual({ data: { path: 'media/copies/copy.png' }, error: null })
    expect((await admin.storage.from('media').remove(['copies/source.png'])).data).toHaveLength(1)
    const served = await fetch(publicUrl('media', 'copies/copy.png'))
    expect(served.headers.get('cache-control')).toBe('max-age=120')
    expect(Buffer.from(await served.arrayBuffer())).toEqual(bytes)

    expect((await admin.storage.from('media').copy('copies/copy.png', 'copies/copy.png')).error).toMatchObject({ status: 409 })
    await admin.storage.from('media').upload('copies/other.png', png('other'), { contentType: 'image/png' })
    expect((await admin.storage.from('media').copy('copies/copy.png', 'copies/other.png')).error).toMatchObject({ status: 409 })
    expect(await readFile(fileOf('media', 'copies/other.png'))).toEqual(png('other'))

    // An image is not a CV: the applications bucket's types refuse it, whoever copies.
    const intoCvs = await service.storage.from('media').copy('copies/copy.png', `${randomUUID()}/cv.pdf`, { destinationBucket: 'applications' })
    expect(intoCvs.error).toMatchObject({ status: 415 })
    // Visitors may not read media rows, so they cannot copy them.
    expect((await anon.storage.from('media').copy('copies/copy.png', 'copies/mine.png')).error).toMatchObject({ status: 404 })
  })
})

describe('signed upload URLs', () => {
  it('let whoever holds the URL upload that one file once, with the signer as owner', async () => {
    const signed = await admin.storage.from('media').createSignedUploadUrl('signed/photo.png')
    expect(signed.error).toBeNull()
    expect(signed.data?.signedUrl.startsWith(`${backend.url}/storage/v1/object/upload/sign/media/signed/photo.png?token=`)).toBe(true)
    const token = signed.data?.token ?? ''

    const upload = await anon.storage.from('media').uploadToSignedUrl('signed/photo.png', token, new Blob([png('signed')], { type: 'image/png' }))
    expect(upload).toEqual({ data: { path: 'signed/photo.png', fullPath: 'media/signed/photo.png' }, error: null })
    expect(Buffer.from(await (await fetch(publicUrl('media', 'signed/photo.png'))).arrayBuffer())).toEqual(png('signed'))

    const again = await anon.storage.from('media').uploadToSignedUrl('signed/photo.png', token, png('again'), { contentType: 'image/png' })
    // Supabase answers a second upload to a used URL as the object's duplicate.
    expect(again.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' })
    expect(await readFile(fileOf('media', 'signed/photo.png'))).toEqual(png('signed'))
  })

  it('are scoped to their path, expire, and are not download tokens (nor the other way round)', async () => {
    const { data } = await admin.storage.from('media').createSignedUploadUrl('signed/scoped.png')
    const token = data?.token ?? ''
    expect((await anon.storage.from('media').uploadToSignedUrl('signed/elsewhere.png', token, png(), { contentType: 'image/png' })).error).toMatchObject({
      status: 400,
    })
    expect((await fetch(`${backend.url}/storage/v1/object/sign/media/signed/scoped.png?token=${token}`)).status).toBe(400)

    await admin.storage.from('media').upload('signed/existing.png', png(), { contentType: 'image/png' })
    const download = await admin.storage.from('media').createSignedUrl('signed/existing.png', 60)
    const downloadToken = new URL(download.data?.signedUrl ?? '').searchParams.get('token') ?? ''
    expect(
      (await anon.storage.from('media').uploadToSignedUrl('signed/existing.png', downloadToken, png('x'), { contentType: 'image/png', upsert: true })).error,
    ).toMatchObject({ status: 400 })

    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ url: 'media/signed/late.png', scope: 'upload', upsert: false, jti: randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(now - 7300)
      .setExpirationTime(now - 100)
      .sign(new TextEncoder().encode(backend.keys.jwtSecret))
    const late = await anon.storage.from('media').uploadToSignedUrl('signed/late.png', expired, png(), { contentType: 'image/png' })
    expect(late.error).toMatchObject({ status: 400, message: 'jwt expired' })
    expect(await exists(fileOf('media', 'signed/late.png'))).toBe(false)
  })

  it('apply the bucket’s limits to what arrives, and only replace with an upsert URL', async () => {
    const big = await admin.storage.from('media').createSignedUploadUrl('signed/big.png')
    const tooBig = await anon.storage
      .from('media')
      .uploadToSignedUrl('signed/big.png', big.data?.token ?? '', Buffer.alloc(6 * 1024 * 1024, 1), { contentType: 'image/png' })
    expect(tooBig.error).toMatchObject({ status: 413 })
    const text = await anon.storage.from('media').uploadToSignedUrl('signed/big.png', big.data?.token ?? '', 'text', { contentType: 'text/plain' })
    expect(text.error).toMatchObject({ status: 415 })
    expect(await exists(fileOf('media', 'signed/big.png'))).toBe(false)

    // Without upsert a URL for an existing object is refused when asked for, and a spare one made
    // before the object existed is refused when used.
    expect((await admin.storage.from('media').createSignedUploadUrl('signed/existing.png')).error).toMatchObject({ status: 409 })
    const early = await admin.storage.from('media').createSignedUploadUrl('signed/raced.png')
    await admin.storage.from('media').upload('signed/raced.png', png('first'), { contentType: 'image/png' })
    expect(
      (await anon.storage.from('media').uploadToSignedUrl('signed/raced.png', early.data?.token ?? '', png('y'), { contentType: 'image/png' })).error,
    ).toMatchObject({ status: 409 })
    expect(await readFile(fileOf('media', 'signed/raced.png'))).toEqual(png('first'))
    const upsert = await admin.storage.from('media').createSignedUploadUrl('signed/existing.png', { upsert: true })
    expect(
      (await anon.storage.from('media').uploadToSignedUrl('signed/existing.png', upsert.data?.token ?? '', png('z'), { contentType: 'image/png' })).error,
    ).toBeNull()
    expect(await readFile(fileOf('media', 'signed/existing.png'))).toEqual(png('z'))
  })

  it('are only given to a caller whose policies allow the upload', async () => {
    const refused = await anon.storage.from('media').createSignedUploadUrl('signed/visitor.png')
    expect(refused.error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' })
    const notACv = await anon.storage.from('applications').createSignedUploadUrl('cv.pdf')
    expect(notACv.error).toMatchObject({ status: 403 })
    const cv = await anon.storage.from('applications').createSignedUploadUrl(`${randomUUID()}/cv.pdf`)
    expect(cv.error).toBeNull()
  })
})

describe('signed upload URLs and the CV flood limit', () => {
  it('count each upload: a visitor holding 11 URLs still uploads only 10 CVs an hour', async () => {
    const visitor = createClient(backend.url, backend.keys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
      global: { headers: { 'x-forwarded-for': '198.51.100.77' } },
    })
    const urls = []
    for (let i = 0; i < 11; i++) {
      const { data, error } = await visitor.storage.from('applications').createSignedUploadUrl(`${randomUUID()}/cv.pdf`)
      expect(error).toBeNull()
      urls.push(data as { path: string; token: string })
    }
    const statuses = []
    for (const url of urls) {
      const { error } = await visitor.storage.from('applications').uploadToSignedUrl(url.path, url.token, PDF, { contentType: 'application/pdf' })
      statuses.push(error ? (error as { statusCode?: string }).statusCode : 'ok')
    }
    expect(statuses).toEqual([...Array(10).fill('ok'), '429'])
    expect(await exists(fileOf('applications', urls[10].path))).toBe(false)
  })
})

describe('info and list v2', () => {
  it('info shows a public file to anyone and a private one only to who may read it', async () => {
    const bytes = png('info')
    await admin.storage.from('media').upload('info/pic.png', bytes, { contentType: 'image/png', metadata: { alt: 'A pixel' } })
    const info = await anon.storage.from('media').info('info/pic.png')
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({ name: 'info/pic.png', size: bytes.length, contentType: 'image/png', metadata: { alt: 'A pixel' } })
    expect((await anon.storage.from('media').info('info/none.png')).error).toMatchObject({ status: 404 })

    const cv = `${randomUUID()}/cv.pdf`
    await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })
    expect((await anon.storage.from('applications').info(cv)).error).toMatchObject({ status: 404 })
    // No staff token sees a CV (the web server signs CV links); the service role does.
    expect((await admin.storage.from('applications').info(cv)).error).toMatchObject({ status: 404 })
    // Uploaded without metadata: {} as Storage stores it, not null.
    expect((await service.storage.from('applications').info(cv)).data).toMatchObject({
      name: cv,
      contentType: 'application/pdf',
      size: PDF.length,
      metadata: {},
    })
    const fields = await service.storage.from('applications').info(cv)
    // Supabase's fields, no more.
    expect(Object.keys(fields.data ?? {}).sort()).toEqual([
      'bucketId',
      'cacheControl',
      'contentType',
      'createdAt',
      'etag',
      'id',
      'lastModified',
      'metadata',
      'name',
      'size',
      'version',
    ])
  })

  it('lists full keys under a prefix, folding folders, a page at a time', async () => {
    for (const key of ['tree/a.png', 'tree/b.png', 'tree/c.png', 'tree/sub/d.png', 'tree/sub/e.png', 'treehouse.png']) {
      await admin.storage.from('media').upload(key, png(key), { contentType: 'image/png' })
    }
    const all = await admin.storage.from('media').listV2({ prefix: 'tree' })
    expect(all.data?.objects.map((o) => o.name)).toEqual(['tree/a.png', 'tree/b.png', 'tree/c.png', 'tree/sub/d.png', 'tree/sub/e.png', 'treehouse.png'])
    expect(all.data?.hasNext).toBe(false)

    const folded = await admin.storage.from('media').listV2({ prefix: 'tree/', with_delimiter: true })
    expect(folded.data?.folders).toEqual([{ key: 'tree/sub', name: 'tree/sub/' }])
    expect(folded.data?.objects.map((o) => o.name)).toEqual(['tree/a.png', 'tree/b.png', 'tree/c.png'])

    const first = await admin.storage.from('media').listV2({ prefix: 'tree/', limit: 2, sortBy: { column: 'name', order: 'desc' } })
    expect(first.data?.objects.map((o) => o.name)).toEqual(['tree/sub/e.png', 'tree/sub/d.png'])
    expect(first.data?.hasNext).toBe(true)
    const second = await admin.storage
      .from('media')
      .listV2({ prefix: 'tree/', limit: 2, cursor: first.data?.nextCursor, sortBy: { column: 'name', order: 'desc' } })
    expect(second.data?.objects.map((o) => o.name)).toEqual(['tree/c.png', 'tree/b.png'])

    expect((await anon.storage.from('applications').listV2()).data).toMatchObject({ objects: [], folders: [], hasNext: false })
  })

  it('lists by upload date too, newest first, a page at a time', async () => {
    for (const key of ['dated/z-first.png', 'dated/a-second.png', 'dated/m-third.png']) {
      await admin.storage.from('media').upload(key, png(key), { contentType: 'image/png' })
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const sortBy = { column: 'created_at', order: 'desc' } as const
    const first = await admin.storage.from('media').listV2({ prefix: 'dated/', limit: 2, sortBy })
    expect(first.data?.objects.map((o) => o.name)).toEqual(['dated/m-third.png', 'dated/a-second.png'])
    const rest = await admin.storage.from('media').listV2({ prefix: 'dated/', limit: 2, sortBy, cursor: first.data?.nextCursor })
    expect(rest.data?.objects.map((o) => o.name)).toEqual(['dated/z-first.png'])
    expect(rest.data?.hasNext).toBe(false)
    const unknown = await admin.storage.from('media').listV2({ sortBy: { column: 'size' as 'name' } })
    expect(unknown.error).toMatchObject({ status: 400 })
  })

  it('still uploads into a bucket named list-v2 (or move, copy, info)', async () => {
    for (const name of ['list-v2', 'move', 'copy', 'info']) {
      expect((await service.storage.createBucket(name)).error).toBeNull()
      const up = await service.storage.from(name).upload(`${name}/x.txt`, 'x', { contentType: 'text/plain' })
      expect(up.error, name).toBeNull()
      expect(
        (await service.storage.from(name).listV2()).data?.objects.map((o) => o.name),
        name,
      ).toEqual([`${name}/x.txt`])
    }
  })
})

describe('a request without credentials', () => {
  it('gets Supabase’s JWT error', async () => {
    const answer = await fetch(`${backend.url}/storage/v1/object/list/media`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(answer.status).toBe(403)
    expect(await answer.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'Invalid Compact JWS' })
    const bucket = await fetch(`${backend.url}/storage/v1/bucket`)
    expect(bucket.status).toBe(403)
  })
})
