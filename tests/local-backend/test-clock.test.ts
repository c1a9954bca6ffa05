// The TOTP clock tests move (TEST_CLOCK=1) moves only with the service-role key, only forward, and
// does not exist on a backend started without TEST_CLOCK=1, as a user runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

let withClock: LocalBackend
let asUsersRunIt: LocalBackend

beforeAll(async () => {
  ;[withClock, asUsersRunIt] = await Promise.all([startLocalBackend(), startLocalBackend({ TEST_CLOCK: '' })])
})
afterAll(async () => {
  await Promise.all([withClock?.dispose(), asUsersRunIt?.dispose()])
})

function moveClock(backend: LocalBackend, key: string, body: unknown): Promise<Response> {
  return fetch(`${backend.url}/test/v1/clock`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

describe('the test clock', () => {
  it('moves forward with the service-role key and answers the time it then reads', async () => {
    const response = await moveClock(withClock, withClock.keys.serviceRoleKey, { advance_ms: 3_600_000 })
    expect(response.status).toBe(200)
    const { now } = (await response.json()) as { now: string }
    expect(Date.parse(now) - Date.now()).toBeGreaterThan(3_500_000)
  })

  it('refuses the anon key, a signed-in user and a move backwards', async () => {
    expect((await moveClock(withClock, withClock.keys.anonKey, { advance_ms: 30_000 })).status).toBe(401)
    await withClock.createUser('clock-user@test.local', 'a-clock-password-1')
    const user = await withClock.signIn('clock-user@test.local', 'a-clock-password-1')
    const token = (await user.auth.getSession()).data.session?.access_token ?? ''
    expect((await moveClock(withClock, token, { advance_ms: 30_000 })).status).toBe(401)
    expect((await moveClock(withClock, withClock.keys.serviceRoleKey, { advance_ms: -30_000 })).status).toBe(400)
  })

  it('is not there without TEST_CLOCK=1, even for the service-role key', async () => {
    expect((await moveClock(asUsersRunIt, asUsersRunIt.keys.serviceRoleKey, { advance_ms: 30_000 })).status).toBe(404)
  })
})
