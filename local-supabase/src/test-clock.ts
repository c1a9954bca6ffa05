// The backend's clock for what has to agree with a person's authenticator app (the TOTP step a code
// belongs to), for the sign-in limits' windows, for e-mailed links' and signed URLs' lifetimes, for
// how often the schema cache may reload, and for what the database shows visitors when
// (private.clock(), scheduled posts). It is real time unless the backend was started with
// TEST_CLOCK=1, which tests do: then POST /test/v1/clock with the secret (or service-role) key moves it forward,
// so a test takes the next 30-second step, sees failures leave a window or a scheduled post go live
// at once. Forward only, and only with the key that may already remove any factor through the admin
// API, so it opens nothing a visitor or staff member could use.
import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { runScheduledJobs } from './daily-jobs.ts'
import type { BackendDeps } from './deps.ts'

let offsetMs = 0

/** Milliseconds since the epoch, as this backend's clock reads. */
export function now(): number {
  return Date.now() + offsetMs
}

/** app.clock for a request's transaction: empty (the database's now()) until a test moves the clock. */
export function databaseClock(): string {
  return offsetMs === 0 ? '' : new Date(now()).toISOString()
}

const MAX_ADVANCE_MS = 366 * 24 * 3600 * 1000

/** The milliseconds a body {"advance_ms": n} asks for: a whole number from 0 to a year; else null. */
function advanceOf(body: unknown): number | null {
  const advance = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).advance_ms : undefined
  return typeof advance === 'number' && Number.isInteger(advance) && advance >= 0 && advance <= MAX_ADVANCE_MS ? advance : null
}

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** POST /test/v1/clock {"advance_ms": n}: mounted only with TEST_CLOCK=1. Answers the clock's time. */
export function createTestClockRoutes(deps: BackendDeps): Hono {
  const routes = new Hono()
  routes.post('/clock', async (c) => {
    const apikey = c.req.header('apikey')
    if (!sameSecret(apikey, deps.keys.secretKey) && !sameSecret(apikey, deps.keys.serviceRoleKey)) {
      return c.json({ message: 'The secret or service-role key is required' }, 401)
    }
    const advance = advanceOf(await c.req.json().catch(() => null))
    if (advance === null) return c.json({ message: 'Send {"advance_ms": n} with n a whole number of milliseconds, 0 or more' }, 400)
    offsetMs += advance
    // What was scheduled for the new time happens before the answer, as it would have by then.
    if (deps.config.scheduledSql) await runScheduledJobs(deps.db, deps.config.scheduledSql)
    return c.json({ now: new Date(now()).toISOString() })
  })
  return routes
}
