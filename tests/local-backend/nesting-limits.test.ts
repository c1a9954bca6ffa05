// Denial of service by nesting: deeply nested JSON bodies and deep or=/not.and
// trees, sent as an anonymous caller to every API that takes them. Each is refused with a 4xx, and
// the backend keeps answering the next request. Requests carry an abort signal so that a backend
// that stalls fails the test instead of hanging it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

let backend: LocalBackend

beforeAll(async () => {
  backend = await startLocalBackend()
})

afterAll(async () => {
  await backend?.dispose()
})

const nested = (depth: number, inner = '1') => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
  const response = await fetch(`${backend.url}${path}`, {
    ...init,
    headers: { apikey: backend.keys.anonKey, 'content-type': 'application/json', ...(init.headers as Record<string, string>) },
    signal: AbortSignal.timeout(15_000),
  })
  return { status: response.status, text: await response.text() }
}

/** A normal request right after: the backend still serves, and writes. */
async function stillServing(): Promise<void> {
  const view = await call('/rest/v1/rpc/record_page_view', { method: 'POST', body: JSON.stringify({ page_path: '/after' }) })
  expect(view.status).toBe(204)
  const read = await call('/rest/v1/solutions?select=slug&limit=1')
  expect(read.status).toBe(200)
}

describe('deeply nested JSON bodies', () => {
  it.each([100, 8_000, 20_000])('rpc record_page_view with page_path nested %i deep is a 400, and nothing stalls', async (depth) => {
    const answer = await call('/rest/v1/rpc/record_page_view', { method: 'POST', body: `{"page_path": ${nested(depth)}}` })
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PGRST102' })
    await stillServing()
  })

  it('an insert and a PATCH with a deep value are 400 and write nothing', async () => {
    const insert = await call('/rest/v1/contact_messages', {
      method: 'POST',
      body: JSON.stringify({ first_name: 'A', last_name: 'B', email: 'deep@example.com', message: 'x' }).replace('"x"', nested(7_000, '"x"')),
    })
    expect(insert.status).toBe(400)
    const patch = await call('/rest/v1/solutions?slug=eq.nothing', { method: 'PATCH', body: `{"features": ${nested(7_000)}}` })
    expect(patch.status).toBe(400)
    await stillServing()
  })

  it('the auth API refuses a deep sign-in body with 400', async () => {
    const answer = await call('/auth/v1/token?grant_type=password', { method: 'POST', body: `{"email": ${nested(10_000)}}` })
    expect(answer.status).toBe(400)
    await stillServing()
  })

  it('the storage API refuses a deep list body and deep upload metadata with 400', async () => {
    const list = await call('/storage/v1/object/list/media', {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.keys.anonKey}` },
      body: `{"prefix": "", "sortBy": ${nested(10_000)}}`,
    })
    expect(list.status).toBe(400)
    const metadata = Buffer.from(`{"a": ${nested(2_000)}}`).toString('base64')
    const upload = await call('/storage/v1/object/applications/6f1c1f7e-8d1b-4a57-9d38-0d5a3c1e2b4f/cv.pdf', {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.keys.anonKey}`, 'content-type': 'application/pdf', 'x-metadata': metadata },
      body: '%PDF-1.4\n%%EOF\n',
    })
    expect(upload.status).toBe(400)
    await stillServing()
  })

  it('a JSON filter value nested a thousand deep is a 400', async () => {
    const answer = await call(`/rest/v1/website_content?content=cs.${nested(1_000)}`)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PGRST100' })
    await stillServing()
  })

  it('JSON nested as deep as real clients send is still accepted', async () => {
    const answer = await call('/rest/v1/rpc/record_page_view', { method: 'POST', body: `{"page_path": "/ok", "ignored": ${nested(20)}}` })
    // An unknown argument: the function is not found, which proves the body got past the parser.
    expect(answer.status).toBe(404)
  })
})

describe('deep logic trees in the query string', () => {
  it('or=(or(or(…))) 3,000 deep is a 4xx (its URL is over the limit), not a 500', async () => {
    const tree = `${'or('.repeat(3_000)}slug.eq.a${')'.repeat(3_000)}`
    const answer = await call(`/rest/v1/solutions?or=(${tree})`)
    expect(answer.status).toBe(414)
    await stillServing()
  })

  it('or=(or(or(…))) 1,500 deep, within the URL limit, is a 400 parse error', async () => {
    const tree = `${'or('.repeat(1_500)}slug.eq.a${')'.repeat(1_500)}`
    const answer = await call(`/rest/v1/solutions?or=(${tree})`)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PGRST100' })
    await stillServing()
  })

  it('not.and(…) 500 deep is a 400 parse error', async () => {
    const tree = `${'not.and('.repeat(500)}slug.eq.a,slug.eq.b${')'.repeat(500)}`
    const answer = await call(`/rest/v1/solutions?and=(${tree})`)
    expect(answer.status).toBe(400)
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'PGRST100' })
    await stillServing()
  })

  it('a tree a few levels deep still filters', async () => {
    const answer = await call('/rest/v1/solutions?select=slug&or=(slug.eq.nope,and(slug.neq.x,or(slug.eq.nothing,slug.like.*)))&limit=1')
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.text)).toHaveLength(1)
  })
})
