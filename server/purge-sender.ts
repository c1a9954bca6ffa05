// Delivers the database's purges to the caches in front (purge-targets.ts), in the one process of
// each web server that runs chores. Every round it claims what is due (claim_edge_purges: a lease,
// so two senders never hold the same row, and scheduled posts that went live are queued first),
// waits until every web process has had time to drop those pages itself (one poll of the purge
// feed and a margin), so a cache in front that asks again gets the new page and not a copy from a
// process that had not heard yet, then purges the keys at every target and records the outcome
// (finish_edge_purges): a failure is retried with a growing delay, and after ten attempts left in
// the outbox as a dead letter with its error.
import type { Db } from '../src/lib/supabase.ts'
import { edgePurges } from './metrics.ts'
import { PURGE_FEED_INTERVAL_MS } from './purge-feed.ts'
import type { PurgeTarget } from './purge-targets.ts'

export const PURGE_SENDER_INTERVAL_MS = 500
/** How long after a purge is claimed it goes out: a poll of the feed and a margin. */
export const PURGE_SETTLE_MS = PURGE_FEED_INTERVAL_MS + 200

const BATCH = 100
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Delivers what is due now; returns how many purges went out. */
export async function sendDuePurges(db: Db, targets: readonly PurgeTarget[], settleMs = PURGE_SETTLE_MS): Promise<number> {
  const { data, error } = await db.rpc('claim_edge_purges', { max_rows: BATCH })
  if (error) throw new Error(`claiming purges failed: ${error.message}`)
  if (data.length === 0) return 0
  const ids = data.map((row) => row.id)
  const keys = [...new Set(data.flatMap((row) => row.keys))].sort()
  if (targets.length > 0) await sleep(settleMs)
  const failures: string[] = []
  for (const target of targets) {
    try {
      await target.purge(keys)
      edgePurges.inc({ target: target.name, outcome: 'purged' })
    } catch (purgeError) {
      edgePurges.inc({ target: target.name, outcome: 'failed' })
      failures.push((purgeError as Error).message)
    }
  }
  const failure = failures.length > 0 ? failures.join('; ') : null
  // Unrecorded, the purge goes out again when its lease ends: a second purge rather than none.
  const { error: finishError } = await db.rpc('finish_edge_purges', failure ? { purge_ids: ids, failure } : { purge_ids: ids })
  if (finishError) throw new Error(`recording purges failed: ${finishError.message}`)
  if (failure) {
    const attempts = Math.max(...data.map((row) => row.attempts))
    console.error(`web server: purging ${keys.length} keys failed (attempt ${attempts}), retried later: ${failure}`)
    return 0
  }
  return data.length
}

/** Delivers what is due now and every half second, never two rounds at once; returns a stop function. */
export function schedulePurgeSender(db: Db, targets: readonly PurgeTarget[]): () => void {
  let running = false
  let failing = false
  const round = () => {
    if (running) return
    running = true
    sendDuePurges(db, targets)
      .then(() => {
        failing = false
      })
      .catch((error: unknown) => {
        if (!failing) console.error(`web server: purges: ${(error as Error).message}. Said once until it works again.`)
        failing = true
      })
      .finally(() => (running = false))
  }
  round()
  const timer = setInterval(round, PURGE_SENDER_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
