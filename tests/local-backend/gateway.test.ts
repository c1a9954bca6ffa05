// Gateway behaviour as Supabase's, through raw HTTP and supabase-js: only the
// project's keys open the APIs, a body is parsed by its Content-Type, Prefer: tx=rollback is
// ignored, a NUL in a sign-in e-mail is a 400, and an overlong URL gets 414/431 rather than a reset.
import net from 'node:net'
import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend
let admin: SupabaseClient
let userToken: string

beforeAll(async () => {
  backend = await startLocalBackend()
  admin = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
  userToken = (await admin.auth.getSession()).data.session?.access_token ?? ''
})

afterAll(async () => {
  await backend?.dispose()
})

async function call(path: string, init: RequestInit = {}) {
  const response = await fetch(`${backend.url}${path}`, init)
  const text = await response.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return { status: response.status, json }
}

describe('API keys', () => {
  it('refuses a user access token used as the apikey, on every API', async () => {
    const headers = { apikey: userToken, authorization: `Bearer ${userToken}` }
    const rest = await call('/rest/v1/blog_posts?select=slug', { headers })
    expect(rest).toMatchObject({ status: 401, json: { message: 'Invalid API key' } })
    expect((await call('/auth/v1/user', { headers })).status).toBe(401)
    expect(
      (await call('/storage/v1/object/list/media', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{}' })).status,
    ).toBeGreaterThanOrEqual(400)
  })

  it('refuses a bearer token without an apikey', async () => {
    const headers = { authorization: `Bearer ${userToken}` }
    expect(await call('/rest/v1/blog_posts?select=slug', { headers })).toMatchObject({ status: 401, json: { message: 'No API key found in request' } })
    expect(await call('/auth/v1/user', { headers })).toMatchObject({ status: 401, json: { message: 'No API key found in request' } })
    const anonBearer = await call('/rest/v1/blog_posts?select=slug', { headers: { authorization: `Bearer ${backend.keys.anonKey}` } })
    expect(anonBearer.status).toBe(401)
  })

  it('still serves the project keys, in the header or the query string', async () => {
    expect((await call('/rest/v1/blog_posts?select=slug&limit=1', { headers: { apikey: backend.keys.anonKey } })).status).toBe(200)
    expect((await call(`/rest/v1/blog_posts?select=slug&limit=1&apikey=${backend.keys.anonKey}`)).status).toBe(200)
    expect(
      (await call('/rest/v1/blog_posts?select=slug&limit=1', { headers: { apikey: backend.keys.anonKey, authorization: `Bearer ${userToken}` } })).status,
    ).toBe(200)
  })
})

describe('bodies parsed by Content-Type', () => {
  const anon = () => ({ apikey: backend.keys.anonKey })

  it('answers a non-JSON body on a JSON endpoint with 415 (an rpc with PGRST202) and writes nothing', async () => {
    const email = `form-${randomUUID()}@example.com`
    const body = JSON.stringify({ first_name: 'A', last_name: 'B', email, message: 'x' })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const insert = await call('/rest/v1/contact_messages', { method: 'POST', headers: { ...anon(), 'content-type': type }, body })
      expect(insert, type).toMatchObject({ status: 415, json: { code: 'PGRST107' } })
    }
    const rpc = await call('/rest/v1/rpc/record_page_view', {
      method: 'POST',
      headers: { ...anon(), 'content-type': 'text/plain' },
      body: '{"page_path":"/x"}',
    })
    // A text/plain body is the one argument of a function taking unnamed text; this one takes a named
    // page_path, so no function matches, as PostgREST answers it.
    expect(rpc).toMatchObject({ status: 404, json: { code: 'PGRST202' } })
    const token = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { ...anon(), 'content-type': 'application/x-www-form-urlencoded' },
      body: `email=${encodeURIComponent(TEST_ADMIN.email)}&password=${encodeURIComponent(TEST_ADMIN.password)}`,
    })
    expect(token.status).toBe(415)
    const list = await call('/storage/v1/object/list/media', {
      method: 'POST',
      headers: { ...anon(), authorization: `Bearer ${backend.keys.anonKey}`, 'content-type': 'text/plain' },
      body: '{"prefix":""}',
    })
    expect(list.status).toBe(415)
    const { count } = await backend.service().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', email)
    expect(count).toBe(0)
  })

  it('takes JSON with a charset and with no Content-Type at all', async () => {
    const withCharset = await call('/rest/v1/rpc/record_page_view', {
      method: 'POST',
      headers: { ...anon(), 'content-type': 'application/json; charset=utf-8' },
      body: '{"page_path":"/x"}',
    })
    expect(withCharset.status).toBe(204)
    const none = await call('/rest/v1/rpc/record_page_view', { method: 'POST', headers: anon(), body: new Blob(['{"page_path":"/y"}']) })
    expect(none.status).toBe(204)
  })
})

describe('Prefer', () => {
  it('ignores tx=rollback: the write is committed, as on Supabase', async () => {
    const email = `rollback-${randomUUID()}@example.com`
    const answer = await call('/rest/v1/contact_messages', {
      method: 'POST',
      headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', prefer: 'tx=rollback' },
      body: JSON.stringify({ first_name: 'A', last_name: 'B', email, message: 'kept' }),
    })
    expect(answer.status).toBe(201)
    const { count } = await backend.service().from('contact_messages').select('*', { count: 'exact', head: true }).eq('email', email)
    expect(count).toBe(1)
  })

  it('refuses an unknown preference with handling=strict (PGRST122)', async () => {
    const answer = await call('/rest/v1/blog_posts?select=slug', { headers: { apikey: backend.keys.anonKey, prefer: 'handling=strict, tx=rollback' } })
    expect(answer).toMatchObject({ status: 400, json: { code: 'PGRST122' } })
  })
})

describe('sign-in input', () => {
  it('answers a NUL byte in the e-mail with 400, not 500', async () => {
    for (const email of ['admin\u0000@test.local', '\u0000']) {
      const answer = await call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'whatever-password' }),
      })
      expect(answer.status).toBe(400)
    }
  })
})

/** Sends a GET with a `size`-byte query string over a raw socket; resolves with the status line. */
function longRequest(size: number): Promise<string> {
  const { hostname, port } = new URL(backend.url)
  return new Promise((resolve, reject) => {
    let reply = ''
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET /rest/v1/solutions?slug=eq.${'x'.repeat(size)} HTTP/1.1\r\nHost: ${hostname}\r\napikey: ${backend.keys.anonKey}\r\n\r\n`)
    })
    socket.on('data', (chunk) => (reply += chunk.toString()))
    socket.on('error', (error) => (reply ? undefined : reject(error)))
    socket.on('close', () => resolve(reply.split('\r\n')[0]))
  })
}

/**
 * Sends an overlong request in pieces with pauses between them, then reads the answer; resolves with
 * the status line and the first socket error (a reset shows as EPIPE or ECONNRESET).
 */
function slowLongRequest(pieces: number, pauseMs: number): Promise<{ status: string; error?: string }> {
  const { hostname, port } = new URL(backend.url)
  return new Promise((resolve) => {
    let reply = ''
    let error: string | undefined
    // Half-open, as a client that sends its whole request before reading the answer.
    const socket = net.connect({ port: Number(port), host: hostname, allowHalfOpen: true }, async () => {
      socket.write(`GET /rest/v1/solutions?slug=eq.${'x'.repeat(20_000)}`)
      for (let piece = 1; piece < pieces && !socket.destroyed; piece++) {
        await new Promise((wait) => setTimeout(wait, pauseMs))
        socket.write('x'.repeat(20_000))
      }
      if (!socket.destroyed) socket.end(` HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`)
    })
    socket.on('data', (chunk) => (reply += chunk.toString()))
    socket.on('error', (cause: NodeJS.ErrnoException) => (error ??= cause.code))
    socket.on('close', () => resolve({ status: reply.split('\r\n')[0], error }))
  })
}

describe('overlong URLs', () => {
  it('answers 414 past 8 KiB and 431 past the header limit, never a reset', async () => {
    expect(await longRequest(9_000)).toBe('HTTP/1.1 414 URI Too Long')
    expect(await longRequest(20_000)).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    expect(await longRequest(2_000_000)).toBe('HTTP/1.1 431 Request Header Fields Too Large')
    const after = await call('/rest/v1/solutions?select=slug&limit=1', { headers: { apikey: backend.keys.anonKey } })
    expect(after.status).toBe(200)
  })

  it('keeps reading a refused request while the client is still sending it, however long that takes', async () => {
    expect(await slowLongRequest(4, 1_200)).toEqual({ status: 'HTTP/1.1 431 Request Header Fields Too Large', error: undefined })
  })
})
