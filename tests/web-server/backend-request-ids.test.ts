// What the web server sends Supabase as X-Request-Id, seen through a relay: its background chores
// call under ids of their own (`chore:<name>`), which the local backend's request log keeps at
// debug when they succeed, so an idle site's log stays empty; a staff request's calls go under
// that request's id, so they can be followed from the web server's log line into the backend's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STAFF_API_PATH } from '../../src/features/admin/staff/api/staff-requests'
import { startLocalBackend, TEST_ADMIN, type LocalBackend } from '../helpers/local-backend'
import { startRelay, startSite, type RecordedRequest, type Relay, type SiteServer } from '../helpers/site-server'

let backend: LocalBackend
let relay: Relay
let site: SiteServer

beforeAll(async () => {
  backend = await startLocalBackend()
  relay = await startRelay(backend)
  site = await startSite(relay.url, backend.keys.publishableKey, { SUPABASE_SECRET_KEY: backend.keys.secretKey })
}, 300_000)

afterAll(async () => {
  await site?.stop()
  await relay?.close()
  await backend?.dispose()
})

const idOf = (request: RecordedRequest) => request.headers['x-request-id']

describe('the ids the web server sends Supabase', () => {
  it('names the chore behind every call of an idle site', async () => {
    // The chores that call most often: the purge feed (twice a second), the redirects' reload (once
    // a second) and the outbox (every few seconds, and once at start).
    await expect
      .poll(() => ['chore:purge-feed', 'chore:redirects', 'chore:mail-outbox'].filter((id) => !relay.requests.some((r) => idOf(r) === id)), {
        timeout: 10_000,
        interval: 100,
      })
      .toEqual([])
    const unnamed = relay.requests.filter((request) => !String(idOf(request)).startsWith('chore:'))
    expect(unnamed.map((request) => `${request.method} ${request.path} ${String(idOf(request))}`)).toEqual([])
  })

  it("sends a staff request's id with the calls made for it, with the staff member's token and with the secret key", async () => {
    const client = await backend.signIn(TEST_ADMIN.email, TEST_ADMIN.password)
    const token = (await client.auth.getSession()).data.session!.access_token
    const from = relay.requests.length
    const answer = await fetch(`${site.url}${STAFF_API_PATH}`, { headers: { authorization: `Bearer ${token}` } })
    expect(answer.status).toBe(200)
    const requestId = answer.headers.get('x-request-id')!
    // The project's signing keys are fetched for every staff request alike, at most every few minutes.
    const made = relay.requests
      .slice(from)
      .filter((request) => !String(idOf(request)).startsWith('chore:') && !request.path.startsWith('/auth/v1/.well-known/jwks.json'))
    expect(made.map(idOf)).toEqual(made.map(() => requestId))
    expect(made.some((request) => request.headers.authorization === `Bearer ${token}`)).toBe(true)
    expect(made.some((request) => request.headers.apikey === backend.keys.secretKey)).toBe(true)
  })
})
