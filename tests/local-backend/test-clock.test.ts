// The clock tests move (TEST_CLOCK=1) moves only with the service-role key, and only forward; the
// database reads it too.
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

  it('is the time the database shows visitors by: a scheduled post goes live when the clock reaches it', async () => {
    const publishAt = new Date(withClock.now() + 2 * 3_600_000).toISOString()
    const inserted = await withClock.service().from('blog_posts').insert({
      slug: 'scheduled-by-the-test-clock',
      title: 'Scheduled by the test clock',
      excerpt: 'Goes live two hours ahead.',
      content: '<p>Later.</p>',
      category: 'Operations',
      featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
      author_name: 'Ada Obi',
      published: true,
      publish_at: publishAt,
    })
    expect(inserted.error).toBeNull()
    const visible = async () => (await withClock.anon().from('blog_posts').select('slug').eq('slug', 'scheduled-by-the-test-clock')).data
    expect(await visible()).toEqual([])
    await withClock.advanceClock(2 * 3_600_000 + 60_000)
    expect(await visible()).toEqual([{ slug: 'scheduled-by-the-test-clock' }])
  })
})
