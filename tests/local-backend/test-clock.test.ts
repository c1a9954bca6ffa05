// The TOTP clock tests move (TEST_CLOCK=1) moves only with the service-role key, and only forward.
// (A backend started as a user runs it has no such route: lifecycle.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalBackend, type LocalBackend } from '../helpers/local-backend.ts'

let withClock: LocalBackend

beforeAll(async () => {
  withClock = await startLocalBackend()
})
afterAll(async () => {
  await withClock?.dispose()
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
})
