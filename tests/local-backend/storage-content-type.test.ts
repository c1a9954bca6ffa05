// Stored XSS through a smuggled Content-Type: an upload's type is parsed
// strictly and must be exactly one the bucket allows; a CV's bytes must match its type; downloads
// carry the validated type, nosniff, an attachment disposition for private files and a sandbox CSP
// for anything that is not an image or a PDF.
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend
let admin: SupabaseClient
let anon: SupabaseClient

const HTML = '<!doctype html><script>document.title = "owned"</script>'
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const DOC = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64, 0)])
const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64, 1)])
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64')
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

beforeAll(async () => {
  backend = await startLocalBackend()
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  anon = backend.anon()
})

afterAll(async () => {
  await backend?.dispose()
})

function rawUpload(bucket: string, key: string, contentType: string, body: string | Buffer, token = backend.keys.anonKey) {
  return fetch(`${backend.url}/storage/v1/object/${bucket}/${key}`, {
    method: 'POST',
    headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': contentType },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  })
}

async function adminToken(): Promise<string> {
  const { data } = await admin.auth.getSession()
  return data.session?.access_token ?? ''
}

async function exists(bucket: string, key: string): Promise<boolean> {
  const [folder, file] = key.split('/')
  const { data } = await backend.service().storage.from(bucket).list(folder)
  return (data ?? []).some((item) => item.name === file)
}

describe('upload types', () => {
  it('refuses application/pdf;,text/html in applications, by raw bytes and by multipart, and keeps nothing', async () => {
    const key = `${randomUUID()}/cv.pdf`
    const raw = await rawUpload('applications', key, 'application/pdf;,text/html', HTML)
    expect(raw.status).toBe(415)
    const boundary = 'XyZ'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name=""; filename="cv.pdf"\r\nContent-Type: application/pdf;,text/html\r\n\r\n${HTML}\r\n--${boundary}--\r\n`
    const multipart = await rawUpload('applications', key, `multipart/form-data; boundary=${boundary}`, body)
    expect(multipart.status).toBe(415)
    expect(await exists('applications', key)).toBe(false)
  })

  it('refuses image/png;,text/html in media, even from an admin', async () => {
    const answer = await rawUpload('media', 'smuggled.png', 'image/png;,text/html', HTML, await adminToken())
    expect(answer.status).toBe(415)
  })

  it.each([
    'application/pdf,text/html',
    'application/pdf text/html',
    'application/pdf;charset',
    'application/pdf; a="unterminated',
    'application/pdf; a=1; a=2',
  ])('refuses the malformed type %j', async (type) => {
    const answer = await rawUpload('applications', `${randomUUID()}/cv.pdf`, type, PDF)
    expect(answer.status).toBe(415)
  })

  it('refuses a CV whose bytes are not of its type (HTML sent as a PDF, a PDF sent as DOCX)', async () => {
    const html = await anon.storage.from('applications').upload(`${randomUUID()}/cv.pdf`, Buffer.from(HTML), { contentType: 'application/pdf' })
    expect(html.error).toMatchObject({ statusCode: '415' })
    const asBlob = await anon.storage.from('applications').upload(`${randomUUID()}/cv.pdf`, new Blob([HTML], { type: 'application/pdf' }))
    expect(asBlob.error).toMatchObject({ statusCode: '415' })
    const pdfAsDocx = await anon.storage.from('applications').upload(`${randomUUID()}/cv.docx`, PDF, { contentType: DOCX_TYPE })
    expect(pdfAsDocx.error).toMatchObject({ statusCode: '415' })
  })

  it('accepts a real PDF, DOC and DOCX', async () => {
    for (const [file, bytes, type] of [
      ['cv.pdf', PDF, 'application/pdf'],
      ['cv.doc', DOC, 'application/msword'],
      ['cv.docx', DOCX, DOCX_TYPE],
    ] as const) {
      const { error } = await anon.storage.from('applications').upload(`${randomUUID()}/${file}`, new Blob([bytes], { type }))
      expect(error).toBeNull()
    }
  })
})

describe('download headers', () => {
  it('serves a CV behind a signed link as an attachment of its validated type with nosniff and no script', async () => {
    const key = `${randomUUID()}/my cv.pdf`
    expect((await anon.storage.from('applications').upload(key, PDF, { contentType: 'application/pdf; charset=UTF-8' })).error).toBeNull()
    const { data } = await backend.service().storage.from('applications').createSignedUrl(key, 60)
    const response = await fetch(data?.signedUrl ?? '')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf; charset=utf-8')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="my cv.pdf"/)
    expect(response.headers.get('content-security-policy')).toBeNull()
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true)
  })

  it('serves a DOCX (neither image nor PDF) with a sandbox CSP', async () => {
    const key = `${randomUUID()}/cv.docx`
    expect((await anon.storage.from('applications').upload(key, DOCX, { contentType: DOCX_TYPE })).error).toBeNull()
    const { data } = await backend.service().storage.from('applications').createSignedUrl(key, 60)
    const response = await fetch(data?.signedUrl ?? '')
    expect(response.headers.get('content-type')).toBe(DOCX_TYPE)
    expect(response.headers.get('content-security-policy')).toContain('sandbox')
    expect(response.headers.get('content-disposition')).toMatch(/^attachment;/)
  })

  it('serves a public image inline, without a sandbox but with nosniff', async () => {
    expect((await admin.storage.from('media').upload('inline.png', PNG, { contentType: 'image/png' })).error).toBeNull()
    const response = await fetch(admin.storage.from('media').getPublicUrl('inline.png').data.publicUrl)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('content-disposition')).toBeNull()
    expect(response.headers.get('content-security-policy')).toBeNull()
  })
})
