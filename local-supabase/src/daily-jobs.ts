// The project's jobs, which a hosted project runs with pg_cron, as the system: the daily housekeeping
// (DAILY_SQL) once at start (a machine that sleeps at night still gets it), then every day; and the
// scheduled SQL (SCHEDULED_SQL: what is due goes live) every few seconds, on the backend's clock, so
// the test clock moves it too.
import type { LocalDatabase } from './db.ts'
import { databaseClock } from './test-clock.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** A release scheduled for a minute goes live within that minute. */
const SCHEDULED_EVERY_MS = 15 * 1000

export async function runDailyJobs(db: LocalDatabase, sql: string): Promise<void> {
  await db.asSystem((tx) => tx.exec(sql))
}

export function scheduleDailyJobs(db: LocalDatabase, sql: string): NodeJS.Timeout {
  const run = () => runDailyJobs(db, sql).catch((error: unknown) => console.error('Daily jobs failed:', error instanceof Error ? error.message : error))
  void run()
  return setInterval(run, DAY_MS).unref()
}

/** Runs the scheduled SQL once, at the time private.clock() reads (the test clock's, when moved). */
export async function runScheduledJobs(db: LocalDatabase, sql: string): Promise<void> {
  await db.asSystem(async (tx) => {
    await tx.query("select set_config('app.clock', $1, true)", [databaseClock()])
    await tx.exec(sql)
  })
}

export function scheduleScheduledJobs(db: LocalDatabase, sql: string): NodeJS.Timeout {
  const run = () => runScheduledJobs(db, sql).catch((error: unknown) => console.error('Scheduled jobs failed:', error instanceof Error ? error.message : error))
  return setInterval(run, SCHEDULED_EVERY_MS).unref()
}
