// /storage/v1 of the local backend through the real supabase-js storage client (and plain fetch or
// node:http where the exact HTTP answer matters): the media and applications buckets of the
// migrations, with their row-level-security policies as the only gate.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import { request } from 'node:http'
import path from 'node:path'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

// supabase-js builds a realtime client in createClient and, on Node 20 (no global WebSocket),
// refuses to unless given a transport. These tests never open a channel, so a transport that
// would fail on use is enough.
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used by the storage tests')
  }
}

function connect(backend: LocalBackend, key: string): SupabaseClient {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: globalThis.WebSocket ?? NoRealtime },
  })
}

async function signIn(backend: LocalBackend, email: string, password: string): Promise<SupabaseClient> {
  const client = connect(backend, backend.keys.anonKey)
  const { error } = await client.auth.signInWithPassword({ email, password })
  if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`)
  return client
}

// A 1x1 transparent PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const SIX_MB = 6 * 1024 * 1024

function cvPath(): string {
  return `${randomUUID()}/cv.pdf`
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
}

describe('storage API', () => {
  let backend: LocalBackend
  let anon: SupabaseClient
  let admin: SupabaseClient

  const storageDir = () => path.join(backend.dataDir, 'storage')
  const fileOf = (bucket: string, key: string) => path.join(storageDir(), bucket, ...key.split('/'))
  const exists = (file: string) =>
    stat(file).then(
      () => true,
      () => false,
    )
  const objectUrl = (route: string) => `${backend.url}/storage/v1/object/${route}`

  beforeAll(async () => {
    backend = await startLocalBackend()
    anon = connect(backend, backend.keys.anonKey)
    admin = await signIn(backend, TEST_ADMIN.email, TEST_ADMIN.password)
  })

  afterAll(async () => {
    await backend?.dispose()
  })

  describe('public media bucket', () => {
    it('lets an admin upload an image that anyone downloads by its public URL, without a key', async () => {
      const { data, error } = await admin.storage.from('media').upload('blog/pixel.png', new Blob([PNG], { type: 'image/png' }), { cacheControl: '600' })
      expect(error).toBeNull()
      expect(data).toMatchObject({ path: 'blog/pixel.png', fullPath: 'media/blog/pixel.png' })
      expect(data?.id).toMatch(/^[0-9a-f-]{36}$/)

      const publicUrl = anon.storage.from('media').getPublicUrl('blog/pixel.png').data.publicUrl
      expect(publicUrl).toBe(`${backend.url}/storage/v1/object/public/media/blog/pixel.png`)
      const response = await fetch(publicUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('image/png')
      expect(response.headers.get('content-length')).toBe(String(PNG.length))
      expect(response.headers.get('cache-control')).toBe('max-age=600')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      const etag = response.headers.get('etag')
      expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG)

      const head = await fetch(publicUrl, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-length')).toBe(String(PNG.length))
      const cached = await fetch(publicUrl, { headers: { 'if-none-match': etag ?? '' } })
      expect(cached.status).toBe(304)

      expect(await readFile(fileOf('media', 'blog/pixel.png'))).toEqual(PNG)
    })

    it('stores raw bytes with the given content type and serves them to the authenticated download route', async () => {
      const { error } = await admin.storage.from('media').upload('raw/pixel.webp', PNG, { contentType: 'image/webp' })
      expect(error).toBeNull()
      // Only admins have a SELECT policy on media (visitors use the public URL, which needs none).
      const { error: visitorError } = await anon.storage.from('media').download('raw/pixel.webp')
      expect(visitorError).toMatchObject({ statusCode: '404' })
      const { data, error: downloadError } = await admin.storage.from('media').download('raw/pixel.webp')
      expect(downloadError).toBeNull()
      expect(data?.type).toBe('image/webp')
      expect(Buffer.from(await (data as Blob).arrayBuffer())).toEqual(PNG)
    })

    it('refuses uploads from visitors (403) and writes nothing', async () => {
      const { error } = await anon.storage.from('media').upload('visitor.png', PNG, { contentType: 'image/png' })
      expect(error).toMatchObject({ status: 403, statusCode: '403', message: 'new row violates row-level security policy' })
      expect(await exists(fileOf('media', 'visitor.png'))).toBe(false)
      expect((await fetch(objectUrl('public/media/visitor.png'))).status).toBe(404)
    })

    it('answers unknown objects with 404 in storage’s error shape', async () => {
      const response = await fetch(objectUrl('public/media/nothing-here.png'))
      expect(response.status).toBe(404)
      expect(await response.json()).toEqual({ statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' })
    })
  })

  describe('private applications bucket', () => {
    const cv = cvPath()

    it('accepts a visitor’s CV but never lets the visitor read, list or sign it', async () => {
      const { data, error } = await anon.storage.from('applications').upload(cv, new File([PDF], 'cv.pdf', { type: 'application/pdf' }))
      expect(error).toBeNull()
      expect(data?.fullPath).toBe(`applications/${cv}`)
      expect(await readFile(fileOf('applications', cv))).toEqual(PDF)

      const download = await anon.storage.from('applications').download(cv)
      expect(download.error).toMatchObject({ status: 404 })
      expect((await anon.storage.from('applications').list()).data).toEqual([])
      expect((await anon.storage.from('applications').list(cv.split('/')[0])).data).toEqual([])
      const signed = await anon.storage.from('applications').createSignedUrl(cv, 60)
      expect(signed.error).toMatchObject({ status: 404 })
      expect((await fetch(objectUrl(`public/applications/${cv}`))).status).toBe(404)
      // Replacing someone's CV needs SELECT and UPDATE, which visitors do not have.
      const overwrite = await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf', upsert: true })
      expect(overwrite.error).toMatchObject({ status: 403 })
      expect(await readFile(fileOf('applications', cv))).toEqual(PDF)
    })

    it('refuses CV names outside the <uuid>/<file>.pdf|doc|docx contract', async () => {
      const { error } = await anon.storage.from('applications').upload('not-a-uuid/cv.pdf', PDF, { contentType: 'application/pdf' })
      expect(error).toMatchObject({ status: 403 })
    })

    it('lists, signs and downloads a CV with the service role (as the web server does); a staff token reads none', async () => {
      const [folder, file] = cv.split('/')
      expect((await admin.storage.from('applications').list(folder)).data).toEqual([])
      expect((await admin.storage.from('applications').createSignedUrl(cv, 60)).error).not.toBeNull()
      const root = await backend.service().storage.from('applications').list()
      expect(root.data).toContainEqual(expect.objectContaining({ name: folder, id: null }))
      const inFolder = await backend.service().storage.from('applications').list(folder)
      expect(inFolder.data).toEqual([
        expect.objectContaining({
          name: file,
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          metadata: expect.objectContaining({ mimetype: 'application/pdf', size: PDF.length }),
        }),
      ])

      const { data, error } = await backend.service().storage.from('applications').createSignedUrl(cv, 60)
      expect(error).toBeNull()
      const signedUrl = data?.signedUrl ?? ''
      expect(signedUrl.startsWith(`${backend.url}/storage/v1/object/sign/applications/${cv}?token=`)).toBe(true)
      const response = await fetch(signedUrl)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('application/pdf')
      expect(response.headers.get('cache-control')).toMatch(/^private/)
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF)

      const asDownload = await backend.service().storage.from('applications').createSignedUrl(cv, 60, { download: 'Jane Doe CV.pdf' })
      const attachment = await fetch(asDownload.data?.signedUrl ?? '')
      expect(attachment.status).toBe(200)
      expect(attachment.headers.get('content-disposition')).toContain('attachment; filename="Jane Doe CV.pdf"')
      await attachment.arrayBuffer()

      const many = await backend
        .service()
        .storage.from('applications')
        .createSignedUrls([cv, `${randomUUID()}/missing.pdf`], 60)
      expect(many.error).toBeNull()
      expect(many.data?.[0]).toMatchObject({ path: cv, error: null })
      expect(many.data?.[1]).toMatchObject({ signedUrl: null })
      expect((await fetch(many.data?.[0].signedUrl ?? '')).status).toBe(200)
    })

    it('refuses expired, tampered and foreign tokens', async () => {
      const secret = new TextEncoder().encode(backend.keys.jwtSecret)
      const now = Math.floor(Date.now() / 1000)
      const expired = await new SignJWT({ url: `applications/${cv}` })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(now - 120)
        .setExpirationTime(now - 60)
        .sign(secret)
      const expiredAnswer = await fetch(objectUrl(`sign/applications/${cv}?token=${expired}`))
      expect(expiredAnswer.status).toBe(400)
      expect(await expiredAnswer.json()).toMatchObject({ statusCode: '400', message: 'jwt expired' })

      const { data } = await backend.service().storage.from('applications').createSignedUrl(cv, 60)
      const token = new URL(data?.signedUrl ?? '').searchParams.get('token') ?? ''
      const [header, payload, signature] = token.split('.')
      const otherCv = cvPath()
      const forgedPayload = Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), url: `applications/${otherCv}` }),
      ).toString('base64url')
      const wrongSecret = await new SignJWT({ url: `applications/${cv}` })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now + 60)
        .sign(new TextEncoder().encode('not-the-project-secret-not-the-project-secret'))
      const candidates = [
        objectUrl(`sign/applications/${otherCv}?token=${header}.${forgedPayload}.${signature}`),
        objectUrl(`sign/applications/${cv}?token=${header}.${payload}.${signature.slice(0, -2)}xx`),
        objectUrl(`sign/applications/${cv}?token=${wrongSecret}`),
        objectUrl(`sign/applications/${otherCv}?token=${token}`), // a valid token for another object
        objectUrl(`sign/applications/${cv}?token=${backend.keys.anonKey}`), // an API key is not a URL token
        objectUrl(`sign/applications/${cv}?token=${backend.keys.serviceRoleKey}`),
        objectUrl(`sign/applications/${cv}`),
      ]
      for (const url of candidates) {
        const answer = await fetch(url)
        expect(answer.status, url).toBe(400)
        await answer.arrayBuffer()
      }
    })

    it('refuses a text file (415) and leaves nothing behind', async () => {
      const name = cvPath()
      const { error } = await anon.storage.from('applications').upload(name, Buffer.from('just text'), { contentType: 'text/plain' })
      expect(error).toMatchObject({ status: 415, statusCode: '415', message: 'mime type text/plain is not supported' })
      const asBlob = await anon.storage.from('applications').upload(name, new Blob(['just text'], { type: 'text/plain' }))
      expect(asBlob.error).toMatchObject({ status: 415 })
      expect(await exists(fileOf('applications', name))).toBe(false)
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])
    })
  })

  it('round-trips 1 MB of random bytes sent as multipart, byte for byte', async () => {
    const bytes = randomBytes(1024 * 1024)
    // Bytes that look like the start of a delimiter must stay data.
    Buffer.from('\r\n--\r\n------formdata-undici-').copy(bytes, 4096)
    const { error } = await admin.storage.from('media').upload('random/noise.png', new Blob([bytes], { type: 'image/png' }))
    expect(error).toBeNull()
    const served = await fetch(objectUrl('public/media/random/noise.png'))
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true)
  })

  describe('multipart bodies sent in small pieces', () => {
    const boundary = 'b0undary'
    const auth = () => ({ apikey: backend.keys.anonKey, authorization: `Bearer ${backend.keys.serviceRoleKey}` })

    // The body goes out as a stream of `size`-byte chunks, a turn of the event loop apart, so the
    // server receives it cut at arbitrary places: inside delimiters, headers and the file.
    function upload(key: string, body: Buffer, size: number) {
      let at = 0
      const stream = new ReadableStream<Uint8Array>({
        async pull(controller) {
          await new Promise((resolve) => setImmediate(resolve))
          if (at >= body.length) return controller.close()
          controller.enqueue(body.subarray(at, at + size))
          at += size
        },
      })
      return fetch(objectUrl(`media/${key}`), {
        method: 'POST',
        headers: { ...auth(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: stream,
        duplex: 'half',
      } as RequestInit)
    }

    const part = (headers: string, content: Buffer | string) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')])

    it('stores the same file, type, cache control and metadata whatever the chunk boundaries', async () => {
      // Bytes that look like the start of a delimiter must stay data.
      const file = Buffer.concat([Buffer.from(`\r\n--${boundary.slice(0, -1)}`), randomBytes(600), Buffer.from(`\r\n--${boundary.slice(0, 4)}`)])
      const body = Buffer.concat([
        Buffer.from('preamble\r\n'),
        part('Content-Disposition: form-data; name="cacheControl"', '120'),
        part('Content-Disposition: form-data; name="metadata"', JSON.stringify({ source: 'chunked' })),
        part('Content-Disposition: form-data; name=""; filename="a \\"b\\".png"\r\nContent-Type: image/png', file),
        Buffer.from(`--${boundary}--\r\nepilogue`),
      ])
      for (const size of [1, 7, 13, 4096]) {
        const key = `chunked/c${size}.png`
        const answer = await upload(key, body, size)
        expect(answer.status, `chunks of ${size}`).toBe(200)
        await answer.arrayBuffer()
        const served = await fetch(objectUrl(`public/media/${key}`))
        expect(served.headers.get('content-type')).toBe('image/png')
        expect(served.headers.get('cache-control')).toBe('max-age=120')
        expect(Buffer.from(await served.arrayBuffer()).equals(file), `chunks of ${size}`).toBe(true)
      }
      // Removing answers with the rows, user metadata included.
      const removed = await admin.storage.from('media').remove([1, 7, 13, 4096].map((size) => `chunked/c${size}.png`))
      expect(removed.data?.map((row) => (row as { user_metadata?: unknown }).user_metadata)).toEqual(Array(4).fill({ source: 'chunked' }))
    })

    it('answers a malformed or refused multipart body with a 4xx in storage’s shape and keeps nothing', async () => {
      const file = part('Content-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png', PNG)
      const end = Buffer.from(`--${boundary}--\r\n`)
      const field = (name: string, value: string) => part(`Content-Disposition: form-data; name="${name}"`, value)
      const cases: [string, Buffer, number, string][] = [
        ['ends inside the file', file.subarray(0, file.length - 4), 400, 'Malformed multipart body'],
        ['ends before the closing delimiter', file, 400, 'Malformed multipart body'],
        ['has no file part', Buffer.concat([field('cacheControl', '60'), end]), 400, 'No file found in the multipart body'],
        ['has a field over 16 KiB', Buffer.concat([field('metadata', 'x'.repeat(17 * 1024)), file, end]), 400, 'Form field metadata is too large'],
        ['has too many fields', Buffer.concat([...Array.from({ length: 21 }, (_, n) => field(`f${n}`, 'v')), file, end]), 400, 'Too many form fields'],
        ['has metadata that is not JSON', Buffer.concat([field('metadata', '{nope'), file, end]), 400, 'Invalid metadata: not JSON'],
        [
          'has a file of a refused type',
          Buffer.concat([part('Content-Disposition: form-data; name=""; filename="a.txt"\r\nContent-Type: text/plain', 'text'), end]),
          415,
          'mime type text/plain is not supported',
        ],
      ]
      for (const [what, body, status, message] of cases) {
        const answer = await upload('chunked/bad.png', body, 5)
        expect(answer.status, what).toBe(status)
        expect(await answer.json(), what).toMatchObject({ statusCode: String(status), message })
      }
      // Without a Content-Length the size is only known by counting while streaming.
      const big = Buffer.concat([part('Content-Disposition: form-data; name=""; filename="big.png"\r\nContent-Type: image/png', Buffer.alloc(SIX_MB, 1)), end])
      const tooBig = await upload('chunked/bad.png', big, 256 * 1024)
      expect(tooBig.status).toBe(413)
      expect(await tooBig.json()).toMatchObject({ statusCode: '413', message: 'The object exceeded the maximum allowed size' })
      expect(await exists(fileOf('media', 'chunked/bad.png'))).toBe(false)
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])
    })
  })

  describe('limits and bad input', () => {
    it('refuses a 6 MB file (413) sent as bytes, as a Blob, or streamed without a length, leaving no file and no row', async () => {
      const big = Buffer.alloc(SIX_MB, 1)
      const asBytes = await admin.storage.from('media').upload('big/bytes.png', big, { contentType: 'image/png' })
      expect(asBytes.error).toMatchObject({ status: 413, statusCode: '413', message: 'The object exceeded the maximum allowed size' })
      const asBlob = await admin.storage.from('media').upload('big/blob.png', new Blob([big], { type: 'image/png' }))
      expect(asBlob.error).toMatchObject({ status: 413 })
      // No Content-Length: the size is only known by counting while streaming.
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let sent = 0; sent < SIX_MB; sent += 256 * 1024) controller.enqueue(new Uint8Array(256 * 1024))
          controller.close()
        },
      })
      const asStream = await admin.storage.from('media').upload('big/stream.png', stream, { contentType: 'image/png' })
      expect(asStream.error).toMatchObject({ status: 413 })

      const listed = await admin.storage.from('media').list('big')
      expect(listed.data).toEqual([])
      expect(await exists(path.join(storageDir(), 'media', 'big'))).toBe(false)
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])

      // Just under the limit is fine.
      const fits = await admin.storage.from('media').upload('fits.png', Buffer.alloc(5 * 1024 * 1024, 2), { contentType: 'image/png' })
      expect(fits.error).toBeNull()
      await admin.storage.from('media').remove(['fits.png'])
    })

    it('refuses path traversal and malformed keys without writing outside the bucket', async () => {
      const viaClient = await admin.storage.from('media').upload('../escape.png', PNG, { contentType: 'image/png' })
      expect(viaClient.error?.status).toBeGreaterThanOrEqual(400)
      expect(viaClient.error?.status).toBeLessThan(500)

      const headers = {
        apikey: backend.keys.anonKey,
        authorization: `Bearer ${backend.keys.serviceRoleKey}`,
        'content-type': 'image/png',
      }
      for (const key of [
        'a/..%2F..%2Fescape.png',
        '..%2Fescape.png',
        'a/.%2Fb.png',
        'a//b.png',
        'a/b%0A.png',
        'caf%C3%A9.png',
        'a%5Cb.png',
        `${'x'.repeat(300)}.png`,
      ]) {
        const answer = await fetch(objectUrl(`media/${key}`), { method: 'POST', headers, body: PNG })
        expect(answer.status, key).toBe(400)
        expect(await answer.json(), key).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
      }

      // A literal '..' that no URL library normalises away on the way out.
      const status = await new Promise<number>((resolve, reject) => {
        const url = new URL(backend.url)
        const req = request({ host: url.hostname, port: url.port, method: 'POST', path: '/storage/v1/object/media/../../escape.png', headers }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end(PNG)
      })
      expect(status).toBeGreaterThanOrEqual(400)
      expect(status).toBeLessThan(500)

      const everything = await filesUnder(backend.dataDir)
      expect(everything.filter((f) => f.includes('escape'))).toEqual([])
    })

    it('answers missing or bad credentials and malformed JSON in storage’s error shape', async () => {
      const noAuth = await fetch(objectUrl('list/media'), { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
      expect(noAuth.status).toBe(403)
      expect(await noAuth.json()).toMatchObject({ statusCode: '403', code: 'AccessDenied', message: 'Invalid Compact JWS' })

      const forged = await fetch(objectUrl('list/media'), {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', apikey: backend.keys.anonKey, authorization: 'Bearer not.a.jwt' },
      })
      expect(forged.status).toBe(403)
      expect(await forged.json()).toEqual({ statusCode: '403', code: 'AccessDenied', error: 'Unauthorized', message: 'invalid signature' })

      const secret = new TextEncoder().encode(backend.keys.jwtSecret)
      const now = Math.floor(Date.now() / 1000)
      const expiredUser = await new SignJWT({ role: 'authenticated', sub: randomUUID() })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(now - 10)
        .sign(secret)
      const expired = await fetch(objectUrl('list/media'), {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json', apikey: backend.keys.anonKey, authorization: `Bearer ${expiredUser}` },
      })
      expect(expired.status).toBe(403)
      expect(await expired.json()).toMatchObject({ statusCode: '403', message: 'jwt expired' })

      const malformed = await fetch(objectUrl('list/media'), {
        method: 'POST',
        body: '{"prefix":',
        headers: { 'content-type': 'application/json', apikey: backend.keys.anonKey },
      })
      expect(malformed.status).toBe(400)
      expect(await malformed.json()).toMatchObject({ statusCode: '400' })

      const noBucket = await admin.storage.from('no-such-bucket').upload('x.png', PNG, { contentType: 'image/png' })
      expect(noBucket.error).toMatchObject({ status: 404, message: 'Bucket not found' })
    })

    it('answers hostile input with a 4xx and keeps serving', async () => {
      const auth = { apikey: backend.keys.anonKey, authorization: `Bearer ${backend.keys.serviceRoleKey}` }
      const json = { ...auth, 'content-type': 'application/json' }
      const multipart = (body: string) => ({
        method: 'POST',
        headers: { ...auth, 'content-type': 'multipart/form-data; boundary=XyZ' },
        body,
      })
      const cases: [string, RequestInit][] = [
        ['media/m1.png', multipart('no boundary anywhere')],
        ['media/m2.png', multipart('--XyZ\r\nContent-Disposition: form-data; name="cacheControl"\r\n\r\n3600\r\n--XyZ--\r\n')],
        ['media/m3.png', multipart('--XyZ\r\nContent-Disposition: form-data; name=""; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc')],
        ['media/m4.png', multipart(`--XyZ\r\n${'X-Long: y\r\n'.repeat(3000)}\r\n\r\nabc\r\n--XyZ--\r\n`)],
        ['media/m5.png', { method: 'POST', headers: { ...auth, 'content-type': 'image/png', 'x-metadata': '!!not base64 json!!' }, body: PNG }],
        ['media/%E0%A4%A.png', { method: 'POST', headers: { ...auth, 'content-type': 'image/png' }, body: PNG }],
        ['list/media', { method: 'POST', headers: json, body: '[1,2,3]' }],
        ['list/media', { method: 'POST', headers: json, body: '{"limit":"ten"}' }],
        ['list/media', { method: 'POST', headers: json, body: '{"sortBy":"name"}' }],
        ['list/media', { method: 'POST', headers: json, body: '{"sortBy":{"column":"name; drop table storage.objects"}}' }],
        ['list/media', { method: 'POST', headers: json, body: '{"prefix":"a\\u0000b"}' }],
        ['list/no-such-bucket', { method: 'POST', headers: json, body: '{}' }],
        ['media', { method: 'DELETE', headers: json, body: '{"prefixes":"blog/pixel.png"}' }],
        ['media', { method: 'DELETE', headers: json, body: '' }],
        ['sign/media/blog/pixel.png', { method: 'POST', headers: json, body: '{"expiresIn":-5}' }],
        ['sign/media', { method: 'POST', headers: json, body: '{"expiresIn":60,"paths":[1]}' }],
        ['move', { method: 'POST', headers: json, body: '{}' }],
      ]
      for (const [route, init] of cases) {
        const answer = await fetch(objectUrl(route), init)
        const body = (await answer.json()) as { statusCode?: string }
        expect(answer.status, route).toBeGreaterThanOrEqual(400)
        expect(answer.status, route).toBeLessThan(502)
        expect(answer.status, route).not.toBe(500)
        expect(body.statusCode, route).toBe(String(answer.status))
      }
      expect((await fetch(objectUrl('public/media/blog/pixel.png'))).status).toBe(200)
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])
      expect((await admin.storage.from('media').list()).data?.map((o) => o.name)).not.toContain('m3.png')
      expect(backend.output()).not.toMatch(/storage: .* failed/)
    })
  })

  describe('replace and remove', () => {
    it('refuses a second upload to the same key (409) and replaces it on upsert or update', async () => {
      const first = await admin.storage.from('media').upload('replace/me.png', PNG, { contentType: 'image/png' })
      expect(first.error).toBeNull()
      const again = await admin.storage.from('media').upload('replace/me.png', PNG, { contentType: 'image/png' })
      expect(again.error).toMatchObject({ status: 409, statusCode: '409', message: 'The resource already exists' })

      const second = Buffer.concat([PNG, Buffer.from('v2')])
      const upserted = await admin.storage.from('media').upload('replace/me.png', second, { contentType: 'image/gif', upsert: true })
      expect(upserted.error).toBeNull()
      expect(upserted.data?.id).toBe(first.data?.id)
      const served = await fetch(objectUrl('public/media/replace/me.png'))
      expect(served.headers.get('content-type')).toBe('image/gif')
      expect(Buffer.from(await served.arrayBuffer())).toEqual(second)

      const third = Buffer.concat([PNG, Buffer.from('v3')])
      const updated = await admin.storage.from('media').update('replace/me.png', new Blob([third], { type: 'image/png' }))
      expect(updated.error).toBeNull()
      expect(await readFile(fileOf('media', 'replace/me.png'))).toEqual(third)
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])
    })

    it('keeps row and file in step under concurrent upserts of one key', async () => {
      const versions = Array.from({ length: 8 }, (_, i) => Buffer.concat([PNG, Buffer.from(`version ${i}`)]))
      const results = await Promise.all(
        versions.map((bytes) => admin.storage.from('media').upload('race/one.png', bytes, { contentType: 'image/png', upsert: true })),
      )
      expect(results.map((r) => r.error)).toEqual(versions.map(() => null))
      const served = await fetch(objectUrl('public/media/race/one.png'))
      const bytes = Buffer.from(await served.arrayBuffer())
      expect(served.headers.get('etag')).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`)
      expect(versions.some((v) => v.equals(bytes))).toBe(true)
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])
    })

    it('refuses a key that is both a file and a folder here (409), rolling the row back', async () => {
      expect((await admin.storage.from('media').upload('nest/leaf.png', PNG, { contentType: 'image/png' })).error).toBeNull()
      const overFolder = await admin.storage.from('media').upload('nest', PNG, { contentType: 'image/png' })
      expect(overFolder.error).toMatchObject({ status: 409 })
      const underFile = await admin.storage.from('media').upload('nest/leaf.png/deeper.png', PNG, { contentType: 'image/png' })
      expect(underFile.error).toMatchObject({ status: 409 })
      const top = await admin.storage.from('media').list('', { search: 'nest' })
      expect(top.data).toEqual([expect.objectContaining({ name: 'nest', id: null })])
      expect((await admin.storage.from('media').list('nest')).data?.map((o) => o.name)).toEqual(['leaf.png'])
      expect(await filesUnder(path.join(backend.dataDir, 'storage-tmp'))).toEqual([])
    })

    it('removes rows and files the caller may delete, and only those', async () => {
      await admin.storage.from('media').upload('remove/a.png', PNG, { contentType: 'image/png' })
      await admin.storage.from('media').upload('remove/b.png', PNG, { contentType: 'image/png' })

      const byVisitor = await anon.storage.from('media').remove(['remove/a.png'])
      expect(byVisitor.data).toEqual([])
      expect(await exists(fileOf('media', 'remove/a.png'))).toBe(true)

      const { data, error } = await admin.storage.from('media').remove(['remove/a.png', 'remove/b.png', 'remove/never.png'])
      expect(error).toBeNull()
      expect(data?.map((o) => o.name).sort()).toEqual(['remove/a.png', 'remove/b.png'])
      expect(await exists(fileOf('media', 'remove/a.png'))).toBe(false)
      expect(await exists(path.join(storageDir(), 'media', 'remove'))).toBe(false)
      expect((await fetch(objectUrl('public/media/remove/a.png'))).status).toBe(404)
      expect((await admin.storage.from('media').list('remove')).data).toEqual([])
    })
  })

  it('keeps files and rows across a restart', async () => {
    const cv = cvPath()
    expect((await anon.storage.from('applications').upload(cv, PDF, { contentType: 'application/pdf' })).error).toBeNull()
    await backend.restart()

    const image = await fetch(`${backend.url}/storage/v1/object/public/media/blog/pixel.png`)
    expect(image.status).toBe(200)
    expect(Buffer.from(await image.arrayBuffer())).toEqual(PNG)
    const { data } = await backend.service().storage.from('applications').createSignedUrl(cv, 60)
    const response = await fetch(data?.signedUrl ?? '')
    expect(response.status).toBe(200)
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF)
  })
})
