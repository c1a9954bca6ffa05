// Every web process drops the pages whose content changed, within a second, whichever process or
// machine made the change and without knowing the others: it polls the database's purge outbox
// (edge_purges_since, over the Data API with the service role, so it works the same on a hosted
// project, where PostgREST has no LISTEN) with its own cursor, and drops from its page cache every
// page carrying one of the keys committed since. The cursor is a transaction id below which every
// transaction has ended, so a purge committed late is never skipped.
import type { Db } from '../src/lib/supabase.ts'
import { pagesPurged } from './metrics.ts'
import type { PurgeScope } from './page-cache.ts'

export const PURGE_FEED_INTERVAL_MS = 500

interface FeedAnswer {
  cursor: number
  keys: string[]
  all: boolean
}

function isFeedAnswer(value: unknown): value is FeedAnswer {
  if (typeof value !== 'object' || value === null) return false
  const answer = value as Record<string, unknown>
  return typeof answer.cursor === 'number' && Array.isArray(answer.keys) && typeof answer.all === 'boolean'
}

/** Polls the purge outbox every `intervalMs` and hands each round's purge to `drop`; returns a stop function. */
export function followPurges(db: Db, drop: (scope: PurgeScope) => number, intervalMs = PURGE_FEED_INTERVAL_MS): () => void {
  let cursor: number | null = null
  let failing = false
  let stopped = false
  let timer: NodeJS.Timeout | undefined
  const round = async () => {
    const { data, error } = await db.rpc('edge_purges_since', cursor === null ? {} : { cursor_txid: cursor })
    if (error || !isFeedAnswer(data)) throw new Error(error?.message ?? `an answer it cannot read: ${JSON.stringify(data).slice(0, 200)}`)
    if (cursor !== null && (data.all || data.keys.length > 0)) {
      const dropped = drop(data.all ? 'all' : new Set(data.keys))
      pagesPurged.inc(dropped)
    }
    cursor = data.cursor
  }
  const loop = () => {
    round()
      .then(() => {
        if (failing) console.log('web server: the purge feed answers again.')
        failing = false
      })
      .catch((error: unknown) => {
        // Logged once per outage; pages stay cached meanwhile (nothing can change them while the
        // database is unreachable), and the cursor picks up where it stopped.
        if (!failing) console.error(`web server: reading the purge feed failed (${(error as Error).message}); trying again every ${intervalMs} ms. Said once.`)
        failing = true
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, intervalMs).unref()
      })
  }
  loop()
  return () => {
    stopped = true
    clearTimeout(timer)
  }
}
