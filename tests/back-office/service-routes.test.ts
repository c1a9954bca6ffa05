// The web server's routes that act with the secret key for a staff member (staff management, CV
// links, personal-data erasure) answer alike, against the real local backend: no token is 401, no
// secret key on the server 503, anyone but a live holder of the route's permission 403 before
// anything they sent is read, a body the route does not take 400, and a failure it cannot explain
// 500 with the route's message alone; every answer is the screen's toast and is never cached.
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/lib/supabase'
import * as cvLinkApi from '../../src/routes/admin/cv-link-api'
import * as eraseApi from '../../src/routes/admin/personal-data-erase-api'
import * as staffApi from '../../src/routes/admin/staff-api'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'

let backend: LocalBackend
let admin: Db
let editor: Db
const ENV = ['SUPABASE_URL', 'SUPABASE_ANON_KEY', 'SUPABASE_SECRET_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'DATA_DIR'] as const
const savedEnv = Object.fromEntries(ENV.map((name) => [name, process.env[name]]))

beforeAll(async () => {
  backend = await startLocalBackend()
  Object.assign(process.env, { SUPABASE_URL: backend.url, SUPABASE_ANON_KEY: backend.keys.anonKey, SUPABASE_SECRET_KEY: backend.keys.secretKey })
  delete process.env.SUPABASE_SERVICE_ROLE_KEY
  admin = (await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)) as unknown as Db
  const service = backend.service()
  const { data, error } = await service.auth.admin.createUser({ email: 'routes-editor@test.local', password: 'editor-password-12', email_confirm: true })
  if (error) throw error
  expect((await service.from('staff_roles').insert({ user_id: data.user.id, role: 'editor' })).error).toBeNull()
  editor = (await backend.signIn('routes-editor@test.local', 'editor-password-12')) as unknown as Db
})

afterAll(async () => {
  for (const name of ENV) {
    if (savedEnv[name] === undefined) delete process.env[name]
    else process.env[name] = savedEnv[name]
  }
  await backend?.dispose()
})

type Handler = (args: { request: Request; context: RouterContextProvider }) => Promise<Response>

interface Route {
  name: string
  handler: Handler
  method: 'GET' | 'POST'
  refused: string
  unavailable: string
  /** What a body the route does not take is told (POST only). */
  invalid?: string
}

const ROUTES: Route[] = [
  {
    name: 'GET staff',
    handler: staffApi.loader,
    method: 'GET',
    refused: 'Only admins manage staff',
    unavailable: 'Staff management is not set up on this server',
  },
  {
    name: 'POST staff',
    handler: staffApi.action,
    method: 'POST',
    refused: 'Only admins manage staff',
    unavailable: 'Staff management is not set up on this server',
    invalid: 'Unknown action',
  },
  {
    name: 'CV link',
    handler: cvLinkApi.action,
    method: 'POST',
    refused: 'Only staff who handle applications can download a CV',
    unavailable: 'CV downloads are not set up on this server',
    invalid: 'Failed to download CV',
  },
  {
    name: 'erasure',
    handler: eraseApi.action,
    method: 'POST',
    refused: 'Only staff who handle personal-data requests can do this',
    unavailable: 'Erasing personal data is not set up on this server',
    invalid: 'Please enter a valid e-mail address',
  },
]

async function ask(route: Route, db: Db | null, body: unknown = {}) {
  const token = db ? (await db.auth.getSession()).data.session?.access_token : undefined
  const request = new Request('http://site.test/admin/api/x', {
    method: route.method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(route.method === 'POST' ? { body: JSON.stringify(body) } : {}),
  })
  const response = await route.handler({ request, context: new RouterContextProvider() })
  expect(response.headers.get('cache-control'), route.name).toBe('no-store')
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

const toast = (message: string) => ({ ok: false, toast: { kind: 'error', message } })

describe('the secret-key routes', () => {
  it('answer 401 without a token', async () => {
    for (const route of ROUTES) expect(await ask(route, null), route.name).toEqual({ status: 401, body: toast('Sign in first') })
  })

  it('answer 503 with their own message when the server has no secret key', async () => {
    delete process.env.SUPABASE_SECRET_KEY
    try {
      for (const route of ROUTES) expect(await ask(route, admin), route.name).toEqual({ status: 503, body: toast(route.unavailable) })
    } finally {
      process.env.SUPABASE_SECRET_KEY = backend.keys.secretKey
    }
  })

  it('answer 403 to an account without the permission, before reading what it sent', async () => {
    for (const route of ROUTES) expect(await ask(route, editor, { anything: 1 }), route.name).toEqual({ status: 403, body: toast(route.refused) })
  })

  it('answer 400 to a permitted caller for a body the route does not take', async () => {
    for (const route of ROUTES.filter((r) => r.invalid)) {
      expect(await ask(route, admin, { intent: 'nonsense', id: 'x', email: '' }), route.name).toEqual({ status: 400, body: toast(route.invalid!) })
    }
  })

  it('answer 500 with the route message alone for a failure the caller cannot fix', async () => {
    const staffAction = ROUTES[1]
    expect(await ask(staffAction, admin, { intent: 'link', id: crypto.randomUUID() })).toEqual({ status: 500, body: toast('Failed to create the invite link') })
  })
})
