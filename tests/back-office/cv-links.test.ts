// CV downloads through the web server's POST /admin/api/cv-link, against the real local backend with
// real supabase-js: only a staff member who handles applications, at the assurance level the account
// needs, gets a link; the server logs the download under that person first and signs the link with
// the service role for five minutes; no staff token signs or reads a CV object itself.
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NO_ACTIVITY_FILTERS } from '../../src/entities/activity'
import { listActivity } from '../../src/features/admin/activity/api/activity'
import { CV_LINK_SECONDS, linkForBrowser } from '../../src/features/admin/applications/api/cv-link.server'
import type { Db } from '../../src/lib/supabase'
import { action } from '../../src/routes/admin/cv-link-api'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'

let backend: LocalBackend
let admin: Db
let service: Db
const people: Record<'editor' | 'recruiter', { db: Db; email: string }> = {} as never
let applicationId: string
const PDF = new TextEncoder().encode('%PDF-1.4\n% a CV\n')
const ENV = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_PROXY', 'SUPABASE_BROWSER_URL'] as const
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]))

async function staffMember(role: 'editor' | 'recruiter') {
  const email = `cv-${role}@test.local`
  const { data, error } = await service.auth.admin.createUser({ email, password: `${role}-password-12`, email_confirm: true })
  if (error) throw error
  expect((await service.from('staff_roles').insert({ user_id: data.user.id, role })).error).toBeNull()
  return { db: (await backend.signIn(email, `${role}-password-12`)) as unknown as Db, email }
}

beforeAll(async () => {
  backend = await startLocalBackend()
  Object.assign(process.env, {
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.keys.serviceRoleKey,
  })
  delete process.env.SUPABASE_PROXY
  delete process.env.SUPABASE_BROWSER_URL
  service = backend.service() as unknown as Db
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  people.editor = await staffMember('editor')
  people.recruiter = await staffMember('recruiter')
  const visitor = backend.anon()
  const cvPath = `${crypto.randomUUID()}/cv.pdf`
  expect((await visitor.storage.from('applications').upload(cvPath, PDF, { contentType: 'application/pdf' })).error).toBeNull()
  const { data: opening } = await service.from('job_openings').select('id').eq('active', true).limit(1).single()
  const filed = await service
    .from('job_applications')
    .insert({ job_opening_id: opening!.id, name: 'Real Candidate', email: 'candidate@example.com', cv_path: cvPath })
    .select('id')
    .single()
  applicationId = filed.data!.id
})
afterAll(async () => {
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name]
    else process.env[name] = savedEnv[name]
  }
  await backend?.dispose()
})

async function askForLink(db: Db | null, id: string = applicationId) {
  const token = db ? (await db.auth.getSession()).data.session?.access_token : undefined
  const url = new URL('http://site.test/admin/api/cv-link')
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ id }),
  })
  const response = await action({ request, url, pattern: url.pathname, params: {}, context: new RouterContextProvider() })
  return { status: response.status, body: (await response.json()) as { ok: boolean; link?: string; toast?: { message: string } } }
}

const downloadsLogged = async () =>
  (await listActivity(admin, NO_ACTIVITY_FILTERS, 1)).rows.filter((r) => r.action === 'downloaded' && r.row_id === applicationId).map((r) => r.actor_email)

describe('a CV link from the web server', () => {
  it('no staff token signs or downloads a CV itself, even with the download logged', async () => {
    const { data: application } = await service.from('job_applications').select('cv_path').eq('id', applicationId).single()
    for (const db of [admin, people.recruiter.db]) {
      expect((await db.rpc('log_personal_data_read', { kind: 'cv_download', application_id: applicationId })).error).toBeNull()
      expect((await db.storage.from('applications').createSignedUrl(application!.cv_path, 31_536_000)).error).not.toBeNull()
      expect((await db.storage.from('applications').download(application!.cv_path)).error).not.toBeNull()
    }
  })

  it('gives a recruiter a five-minute link to the CV, with the download logged under the recruiter', async () => {
    const before = await downloadsLogged()
    const { status, body } = await askForLink(people.recruiter.db)
    expect(status).toBe(200)
    const response = await fetch(body.link!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toMatch(/^attachment/)
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF)
    const token = new URL(body.link!).searchParams.get('token')!
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number }
    expect(claims.exp - claims.iat).toBe(CV_LINK_SECONDS)
    expect(CV_LINK_SECONDS).toBe(300)
    expect(await downloadsLogged()).toEqual([people.recruiter.email, ...before])
  })

  it('refuses without a token, to an editor, and for an unknown application, and logs nothing', async () => {
    const before = await downloadsLogged()
    expect((await askForLink(null)).status).toBe(401)
    const editor = await askForLink(people.editor.db)
    expect(editor.status).toBe(403)
    expect(editor.body).toMatchObject({ ok: false, toast: { message: 'Only staff who handle applications can download a CV' } })
    expect(editor.body.link).toBeUndefined()
    expect((await askForLink(people.recruiter.db, crypto.randomUUID())).status).toBe(403)
    expect(await downloadsLogged()).toEqual(before)
  })

  it('refuses a password-only session while two-factor is required for all staff', async () => {
    expect((await service.from('site_settings').update({ value: 'true' }).eq('key', 'staff_require_two_factor')).error).toBeNull()
    try {
      expect((await askForLink(people.recruiter.db)).status).toBe(403)
    } finally {
      await service.from('site_settings').update({ value: 'false' }).eq('key', 'staff_require_two_factor')
    }
  })

  it('hands the browser the link on the origin it reaches Storage at', () => {
    const signed = 'http://127.0.0.1:54321/storage/v1/object/sign/applications/a/cv.pdf?token=t'
    expect(linkForBrowser(signed, 'http://127.0.0.1:54321', '/', 'https://www.example.com')).toBe(
      'https://www.example.com/storage/v1/object/sign/applications/a/cv.pdf?token=t',
    )
    expect(linkForBrowser(signed, 'http://127.0.0.1:54321/', 'https://api.example.com/', 'https://www.example.com')).toBe(
      'https://api.example.com/storage/v1/object/sign/applications/a/cv.pdf?token=t',
    )
  })
})
