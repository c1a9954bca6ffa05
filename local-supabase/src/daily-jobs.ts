// The project's daily housekeeping, which a hosted project runs with pg_cron: the SQL file the
// configuration names (DAILY_SQL), run as the system. Once at start (a machine that sleeps at night
// still gets it), then every day.
import type { LocalDatabase } from './db.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function runDailyJobs(db: LocalDatabase, sql: string): Promise<void> {
  await db.asSystem((tx) => tx.exec(sql))
}

export function scheduleDailyJobs(db: LocalDatabase, sql: string): NodeJS.Timeout {
  const run = () => runDailyJobs(db, sql).catch((error: unknown) => console.error('Daily jobs failed:', error instanceof Error ? error.message : error))
  void run()
  return setInterval(run, DAY_MS).unref()
}
