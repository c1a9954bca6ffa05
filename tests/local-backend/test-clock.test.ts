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

/** A published post whose time is `publishAt`, and whether a visitor (the anon key) can read it. */
async function schedulePost(slug: string, publishAt: number): Promise<() => Promise<boolean>> {
  const inserted = await withClock
    .service()
    .from('blog_posts')
    .insert({
      slug,
      title: `Scheduled: ${slug}`,
      excerpt: 'Goes live later.',
      content: '<p>Later.</p>',
      category: 'Operations',
      featured_image: '/images/blog/credit-scoring-with-thin-files.svg',
      author_name: 'Ada Obi',
      published: true,
      publish_at: new Date(publishAt).toISOString(),
    })
  expect(inserted.error).toBeNull()
  return async () => ((await withClock.anon().from('blog_posts').select('slug').eq('slug', slug)).data ?? []).length === 1
}

// First in this file, before any test moves the clock: the database decides by its own now().
describe('the real clock', () => {
  it('shows visitors a post scheduled seconds ahead once real time reaches it', async () => {
    const publishAt = Date.now() + 10_000
    const visible = await schedulePost('scheduled-on-the-real-clock', publishAt)
    expect(await visible()).toBe(false)
    expect(Date.now()).toBeLessThan(publishAt)
    while (!(await visible())) await new Promise((resolve) => setTimeout(resolve, 200))
    expect(Date.now()).toBeGreaterThanOrEqual(publishAt)
  })
})

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
    const visible = await schedulePost('scheduled-by-the-test-clock', withClock.now() + 2 * 3_600_000)
    expect(await visible()).toBe(false)
    await withClock.advanceClock(2 * 3_600_000 + 60_000)
    expect(await visible()).toBe(true)
  })
})
