// Runs one request's statement as the caller's role in ONE call into PGlite: role settings and the
// statement travel in a single extended-protocol pipeline, which Postgres runs as one implicit
// transaction (committed at Sync, rolled back on error). Its settings are LocalDatabase.asRole's own
// (REQUEST_SETTINGS_SQL in db.ts), so row-level security sees the same request. A statement that
// repeats is prepared once and reused by name (parse and plan are most of a small query's cost);
// a one-off runs as the unnamed statement.
import { createHash } from 'node:crypto'
import type { PGlite } from '@electric-sql/pglite'
import { REQUEST_SETTINGS_SQL, requestSettingsParams } from '../db.ts'
import type { RoleContext } from '../identity.ts'
import { readReply, type Row } from './pg-reply.ts'
import { Pipeline, type WireStatement } from './pg-wire.ts'

export type { Row }

export interface Statement {
  sql: string
  params: readonly (string | null)[]
}

export interface RunOptions {
  /** GET and HEAD run read-only, as PostgREST runs them. */
  readOnly: boolean
  /**
   * Called with the statement's rows before the transaction ends; returning false rolls it back
   * (a single-object mutation that touched 0 or several rows). Costs two more calls into PGlite.
   */
  keep?: (rows: Row[]) => boolean
  /** End the transaction with a rollback whatever happens (db-tx-end, `Prefer: tx=rollback`). */
  rollback?: boolean
}

// plan_cache_mode: our statements are prepared once and their values always bound, so a generic
// plan is reused instead of planning (row-level security included) on every execution; on tables
// this size the plan hardly depends on the values. Local to the transaction, like the rest.
const SETTINGS_SQL = `${REQUEST_SETTINGS_SQL}, set_config('plan_cache_mode', 'force_generic_plan', true)`
// transaction_read_only can be switched on at any point of a transaction, never back off.
const READ_ONLY_SETTINGS_SQL = `${SETTINGS_SQL}, set_config('transaction_read_only', 'on', true)`
// Prepared statements keep their parse tree and generic plan inside Postgres, in WebAssembly memory
// that never shrinks: they are bounded by count and by the size of their SQL (a plan grows with
// its statement), and only a statement seen before is prepared. A one-off statement (a distinct
// filter tree) runs as the unnamed statement, which Postgres frees at the next one.
const MAX_PREPARED = 200
const MAX_PREPARED_SQL_BYTES = 512 * 1024
/** How many one-off statements are remembered (by hash) to spot the second sighting. */
const MAX_SEEN = 10_000
const RESET = new Pipeline().sync() // a lone Sync: does nothing, answers ReadyForQuery
let instances = 0

// The verifier hands out the same claims object for the same token: serialise it once.
const claimsText = new WeakMap<object, string>()
function claimsJson(claims: object): string {
  let text = claimsText.get(claims)
  if (text === undefined) {
    text = JSON.stringify(claims)
    claimsText.set(claims, text)
  }
  return text
}

/** Thrown by `run` when `keep` refused the result: the transaction was rolled back. */
export class RolledBack extends Error {
  constructor(readonly rows: Row[]) {
    super('rolled back')
  }
}

export class RoleExecutor {
  /** SQL text -> prepared statement name, in least-recently-used order. */
  private readonly prepared = new Map<string, string>()
  private preparedBytes = 0
  /** Hashes of statements run once, unprepared, in least-recently-used order. */
  private readonly seen = new Set<string>()
  private readonly toClose: string[] = []
  private sequence = 0
  /** Statement names are per session: two executors on one database must not share them. */
  private readonly prefix = `pgrst_${++instances}_`

  constructor(private readonly pg: PGlite) {}

  async run(context: RoleContext, statement: Statement, options: RunOptions): Promise<Row[]> {
    const settings: Statement = {
      sql: options.readOnly ? READ_ONLY_SETTINGS_SQL : SETTINGS_SQL,
      params: requestSettingsParams(context, claimsJson(context.claims)),
    }
    return this.pg._runExclusiveTransaction(() =>
      this.pg._runExclusiveQuery(async () => {
        const pipeline = new Pipeline()
        for (const name of this.toClose.splice(0)) pipeline.close(name)
        const explicit = options.keep !== undefined || options.rollback === true
        if (explicit) pipeline.simple('begin')
        const touched = [this.wire(settings), this.wire(statement)]
        for (const wire of touched) pipeline.statement(wire)
        const reply = readReply(await this.send(pipeline.sync(), !options.readOnly && !explicit))
        if (reply.error) {
          // Whatever was prepared in this pipeline may or may not exist now: prepare it again.
          for (const wire of touched) if (wire.parse !== null) this.forget(wire.parse)
          if (explicit) await this.pg.execProtocolRaw(new Pipeline().simple('rollback').finish())
          throw reply.error
        }
        const rows = reply.statements[explicit ? 2 : 1] ?? []
        if (explicit) {
          const keep = options.keep?.(rows) ?? true
          const commit = keep && !options.rollback
          await this.pg.execProtocolRaw(new Pipeline().simple(commit ? 'commit' : 'rollback').finish(), { syncToFs: commit })
          if (!keep) throw new RolledBack(rows)
        }
        return rows
      }),
    )
  }

  /**
   * One call into the backend, its reply bytes collected as they come: execProtocolRaw would also
   * have PGlite parse every message of the reply into objects we do not use.
   */
  private async send(message: Uint8Array, syncToFs: boolean): Promise<Uint8Array> {
    const chunks: Uint8Array[] = []
    let size = 0
    let collecting = true
    await this.pg.execProtocolRawStream(message, {
      syncToFs,
      onRawData: (chunk) => {
        if (!collecting) return
        chunks.push(chunk.slice()) // a view into WASM memory: copy before the next write
        size += chunk.length
      },
    })
    // The reply is complete when execProtocolRawStream returns. It leaves its callback installed; a
    // (tiny) execProtocol call removes it, so PGlite's other users get their replies back as usual.
    // That call's own ReadyForQuery still reaches the callback: it is not part of the reply.
    collecting = false
    await this.pg.execProtocol(RESET, { syncToFs: false })
    if (chunks.length === 1) return chunks[0]
    const reply = new Uint8Array(size)
    let at = 0
    for (const chunk of chunks) {
      reply.set(chunk, at)
      at += chunk.length
    }
    return reply
  }

  private wire(statement: Statement): WireStatement {
    const known = this.prepared.get(statement.sql)
    if (known !== undefined) {
      // Refresh its place in the LRU order.
      this.prepared.delete(statement.sql)
      this.prepared.set(statement.sql, known)
      return { name: known, parse: null, params: statement.params }
    }
    const digest = createHash('sha1').update(statement.sql).digest('base64')
    if (!this.seen.delete(digest)) {
      this.seen.add(digest)
      if (this.seen.size > MAX_SEEN) this.seen.delete(this.seen.values().next().value as string)
      return { name: '', parse: statement.sql, params: statement.params }
    }
    const name = `${this.prefix}${++this.sequence}`
    this.prepared.set(statement.sql, name)
    this.preparedBytes += statement.sql.length
    while (this.prepared.size > MAX_PREPARED || (this.preparedBytes > MAX_PREPARED_SQL_BYTES && this.prepared.size > 1)) {
      const [oldestSql, oldestName] = this.prepared.entries().next().value as [string, string]
      this.prepared.delete(oldestSql)
      this.preparedBytes -= oldestSql.length
      this.toClose.push(oldestName)
    }
    return { name, parse: statement.sql, params: statement.params }
  }

  private forget(sql: string): void {
    const name = this.prepared.get(sql)
    if (name === undefined) return
    this.prepared.delete(sql)
    this.preparedBytes -= sql.length
    this.toClose.push(name)
  }
}
