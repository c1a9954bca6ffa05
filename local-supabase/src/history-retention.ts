// The database's daily housekeeping, which a hosted project runs with pg_cron (docs/security.md):
// activity older than its retention period and versions of long-deleted items are removed by
// private.apply_history_retention(). Run once at start (a machine that sleeps at night still gets
// it), then every day.
import type { LocalDatabase } from './db.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export async function applyHistoryRetention(db: LocalDatabase): Promise<void> {
  await db.asSystem((tx) => tx.query('select private.apply_history_retention()'))
}

export function scheduleHistoryRetention(db: LocalDatabase): NodeJS.Timeout {
  const run = () =>
    applyHistoryRetention(db).catch((error: unknown) => console.error('History retention failed:', error instanceof Error ? error.message : error))
  void run()
  return setInterval(run, DAY_MS).unref()
}
