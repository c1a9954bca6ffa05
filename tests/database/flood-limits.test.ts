// Flood limits that hold, through supabase-js against the real backend. This
// test process sits on loopback, a trusted proxy, exactly like the web server: it speaks for a
// visitor by sending `X-Forwarded-For: <visitor>`, and the backend appends the socket address. A
// visitor who forges its own first entry arrives as `<forged>, <visitor>`.
import { randomUUID } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend()
})

afterAll(async () => {
  await backend?.dispose()
})

const PDF = Buffer.from('%PDF-1.4\n%%EOF\n')

/** An anonymous client whose requests arrive with this X-Forwarded-For value. */
function visitor(forwardedFor: () => string): SupabaseClient {
  return createClient(backend.url, backend.keys.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
    global: {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers)
        headers.set('x-forwarded-for', forwardedFor())
        return fetch(input, { ...init, headers })
      },
    },
  })
}

const randomAddress = () =>
  `${1 + Math.floor(Math.random() * 223)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`

function message(email: string) {
  return { first_name: 'Flood', last_name: 'Er', email, message: 'Hello' }
}

describe('the per-client limit keys on the visitor, not on what the visitor writes', () => {
  it('accepts 20 of 60 contact messages from one visitor forging a random first entry each time', async () => {
    const client = visitor(() => `${randomAddress()}, 198.51.100.10`)
    let accepted = 0
    let refused = 0
    for (let i = 0; i < 60; i++) {
      const { error } = await client.from('contact_messages').insert(message(`forger-${i}-${randomUUID()}@example.com`))
      if (error === null) accepted++
      else if (error.code === 'PT429') refused++
    }
    expect({ accepted, refused }).toEqual({ accepted: 20, refused: 40 })
  })

  it('accepts 10 of 30 newsletter sign-ups from one forging visitor', async () => {
    const client = visitor(() => `${randomAddress()}, 198.51.100.11`)
    const results = []
    for (let i = 0; i < 30; i++) results.push((await client.rpc('subscribe_newsletter', { email: `reader-${randomUUID()}@example.com` })).error?.code ?? 'ok')
    expect(results.filter((r) => r === 'ok')).toHaveLength(10)
    expect(results.filter((r) => r === 'PT429')).toHaveLength(20)
  })

  it('gives each visitor behind the web server its own allowance', async () => {
    const first = visitor(() => '198.51.100.12')
    for (let i = 0; i < 10; i++) expect((await first.rpc('subscribe_newsletter', { email: `a${i}-${randomUUID()}@example.com` })).error).toBeNull()
    expect((await first.rpc('subscribe_newsletter', { email: `a-last-${randomUUID()}@example.com` })).error?.code).toBe('PT429')
    const second = visitor(() => '198.51.100.13')
    expect((await second.rpc('subscribe_newsletter', { email: `b-${randomUUID()}@example.com` })).error).toBeNull()
  })
})

describe('the e-mail limit ignores +tags', () => {
  it('counts name+1@, name+2@, … as one address and stores each as typed', async () => {
    const codes = []
    for (let i = 1; i <= 6; i++) {
      const client = visitor(() => `198.51.100.${20 + i}`)
      codes.push((await client.from('contact_messages').insert(message(`tagged+${i}@example.com`))).error?.code ?? 'ok')
    }
    expect(codes).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'PT429'])
    const { data } = await backend.service().from('contact_messages').select('email').like('email', 'tagged+%').order('email')
    expect(data?.map((row) => row.email)).toEqual([1, 2, 3, 4, 5].map((i) => `tagged+${i}@example.com`))
  })
})

describe('anonymous CV uploads', () => {
  it('accepts 10 CVs an hour from one client and refuses the 11th with 429', async () => {
    const client = visitor(() => `${randomAddress()}, 198.51.100.30`)
    const statuses = []
    for (let i = 0; i < 11; i++) {
      const { error } = await client.storage.from('applications').upload(`${randomUUID()}/cv.pdf`, PDF, { contentType: 'application/pdf' })
      statuses.push(error ? (error as { statusCode?: string }).statusCode : 'ok')
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill('ok'))
    expect(statuses[10]).toBe('429')
    const other = visitor(() => '198.51.100.31')
    expect((await other.storage.from('applications').upload(`${randomUUID()}/cv.pdf`, PDF, { contentType: 'application/pdf' })).error).toBeNull()
  })
})
