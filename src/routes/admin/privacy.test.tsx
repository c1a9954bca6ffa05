// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { strFromU8, unzipSync } from 'fflate'
import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { requestCvLink } from '~/features/admin/applications/api/cv-link-requests'
import { exportPersonalData } from '~/features/admin/privacy/api/privacy'
import { createBrowserClient, type Db } from '~/lib/supabase'
import { adminBackend, enterText, expectToast, renderRoute, serviceDb, signedInStaff } from '../../../tests/helpers/admin-harness'
import * as cvLinkApi from './cv-link-api'
import * as eraseApi from './personal-data-erase-api'
import * as screenRoute from './privacy'

const env = adminBackend()
const eveCv = `${randomUUID()}/eve-cv.pdf`
const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])
const ENV = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_PROXY', 'SUPABASE_BROWSER_URL', 'DATA_DIR'] as const
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]))
/** A server route action's arguments for a request to `url`, as the router hands them. */
const serverArgs = (request: Request, url: URL) => ({ request, url, pattern: url.pathname, params: {}, context: new RouterContextProvider() })
const serverRoutes: Record<string, (request: Request, url: URL) => Promise<Response>> = {
  '/admin/api/cv-link': (request, url) => cvLinkApi.action(serverArgs(request, url)),
  '/admin/api/personal-data/erase': (request, url) => eraseApi.action(serverArgs(request, url)),
}
const realFetch = globalThis.fetch

// The screen asks the web server (its own origin) for CV links and the erasure: those requests go to
// the server routes' actions, run here with the backend's keys as the web server has them.
beforeAll(async () => {
  // The erasure removes copies of e-mails from DATA_DIR/mail: a folder of this test's own.
  const dataDir = await mkdtemp(path.join(tmpdir(), 'privacy-screen-'))
  Object.assign(process.env, {
    SUPABASE_URL: env.backend.url,
    SUPABASE_ANON_KEY: env.backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: env.backend.serviceRoleKey,
    DATA_DIR: dataDir,
  })
  delete process.env.SUPABASE_PROXY
  delete process.env.SUPABASE_BROWSER_URL
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const serverRoute = typeof input === 'string' ? serverRoutes[input] : undefined
    if (!serverRoute) return realFetch(input, init)
    const url = new URL(input as string, 'http://site.test')
    return serverRoute(new Request(url, init), url)
  })
})
afterAll(async () => {
  vi.restoreAllMocks()
  await rm(process.env.DATA_DIR!, { recursive: true, force: true })
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name]
    else process.env[name] = savedEnv[name]
  }
})

/** The erasure route's answer to a request carrying `db`'s token (or none). */
async function eraseAs(db: Db | null): Promise<Response> {
  const token = db ? (await db.auth.getSession()).data.session?.access_token : undefined
  const url = new URL('http://site.test/admin/api/personal-data/erase')
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }
  const request = new Request(url, { method: 'POST', headers, body: JSON.stringify({ email: 'eve@example.com' }) })
  return eraseApi.action(serverArgs(request, url))
}

const cvFiles = async () => (await serviceDb(env.backend).storage.from('applications').list(eveCv.split('/')[0])).data

beforeAll(async () => {
  const visitor = createBrowserClient({ url: env.backend.url, anonKey: env.backend.anonKey }, { persistSession: false })
  for (const [first, email] of [
    ['Eve', 'eve@example.com'],
    ['Sam', 'sam@example.com'],
  ]) {
    const { error } = await visitor.from('contact_messages').insert({ first_name: first, last_name: 'Person', email, message: `Message from ${first}` })
    if (error) throw error
    expect((await visitor.rpc('subscribe_newsletter', { email })).error).toBeNull()
  }
  expect((await visitor.storage.from('applications').upload(eveCv, PDF, { contentType: 'application/pdf' })).error).toBeNull()
  const { data: opening } = await env.db.from('job_openings').select('id').eq('active', true).limit(1).single()
  const applied = await visitor.from('job_applications').insert({ job_opening_id: opening!.id, name: 'Eve Person', email: 'eve@example.com', cv_path: eveCv })
  expect(applied.error).toBeNull()
})

describe('Personal Data', () => {
  it('shows everything held about an address, and nothing of anyone else', async () => {
    renderRoute(screenRoute, env.db, '/admin/privacy?email=Eve@Example.com')
    const messages = await screen.findByRole('region', { name: 'Contact messages (1)' }, { timeout: 10_000 })
    expect(within(messages).getByText('Message from Eve')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Applications and CV files (1)' }).textContent).toContain('eve-cv.pdf')
    expect(screen.getByRole('region', { name: 'Newsletter subscription' }).textContent).toContain('pending')
    expect(document.body.textContent).not.toContain('Sam')
  })

  it('exports one ZIP: every row as JSON and the CV, through a link the web server signs', async () => {
    const cvLink = (applicationId: string) => requestCvLink(env.db, applicationId)
    const zip = unzipSync(new Uint8Array(await (await exportPersonalData(env.db, 'eve@example.com', cvLink)).arrayBuffer()))
    const data = JSON.parse(strFromU8(zip['personal-data.json'])) as { email: string; contact_messages: unknown[]; job_applications: { id: string }[] }
    expect(data.email).toBe('eve@example.com')
    expect(data.contact_messages).toHaveLength(1)
    expect(zip[`cv/${data.job_applications[0].id}-eve-cv.pdf`]).toEqual(PDF)
    expect(JSON.stringify(data)).not.toContain('sam@example.com')
  })

  it('refuses the erasure to staff without privacy.manage and to no one signed in, leaving everything', async () => {
    const recruiter = await eraseAs(await signedInStaff(env.backend, 'recruiter'))
    expect(recruiter.status).toBe(403)
    expect(await recruiter.json()).toMatchObject({ ok: false, toast: { message: 'Only staff who handle personal-data requests can do this' } })
    const anonymous = await eraseAs(null)
    expect(anonymous.status).toBe(401)
    expect(anonymous.headers.get('cache-control')).toBe('no-store')
    expect((await serviceDb(env.backend).from('job_applications').select('id').eq('email', 'eve@example.com')).data).toHaveLength(1)
    expect((await cvFiles())?.map((file) => file.name)).toEqual(['eve-cv.pdf'])
  })

  it('erases only after the address is typed, leaving no row or file, and others untouched', async () => {
    const user = userEvent.setup()
    renderRoute(screenRoute, env.db, '/admin/privacy?email=eve@example.com')
    const form = await screen.findByRole('form', { name: 'Erase personal data' }, { timeout: 10_000 })
    const erase = within(form).getByRole('button', { name: 'Erase' })
    expect((erase as HTMLButtonElement).disabled).toBe(true)
    await enterText(user, within(form).getByLabelText('Type eve@example.com to confirm'), 'eve@example.com')
    await user.click(erase)
    await expectToast('Success', 'Personal data erased')
    await waitFor(() => expect(screen.getByText('Nothing is held about eve@example.com')).toBeTruthy(), { timeout: 10_000 })

    for (const table of ['contact_messages', 'job_applications', 'newsletter_subscribers'] as const) {
      expect((await env.db.from(table).select('id').eq('email', 'eve@example.com')).data).toEqual([])
    }
    expect(await cvFiles()).toEqual([])
    expect((await env.db.from('contact_messages').select('id').eq('email', 'sam@example.com')).data).toHaveLength(1)
    const { data: feed } = await env.db.rpc('activity_feed', { max_rows: 50 })
    const titles = (feed ?? []).map((entry: { title: string | null }) => entry.title ?? '')
    expect(titles.some((title) => title.startsWith('Personal data erased on request: 1 messages, 1 applications, 1 subscriptions'))).toBe(true)
    expect(titles.join('\n')).not.toMatch(/eve@example\.com|Eve Person|eve-cv/i)
  })
})
