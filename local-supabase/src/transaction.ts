// A transaction on PGlite with fewer calls into its WebAssembly backend, and statements that are
// parsed and planned once. PGlite's own query() makes six calls per statement (parse, describe,
// bind, describe, execute, sync) and transaction() two more for BEGIN and COMMIT, each with its
// own reply to collect and parse, and Postgres parses and plans the statement every time. Here each
// statement is prepared by name the first time its SQL is seen (with its parameter types, which
// PGlite's serializers go by) and then runs as one pipeline (Bind, Describe, Execute, Sync); BEGIN
// travels with the transaction's first call. Rows come back through PGlite's own result parser, so
// callers see exactly what PGlite's query() returns.
import { parse, protocol, type messages, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite'

/** What the backend's platform code (auth, storage metadata) runs its statements through. */
export interface Transaction {
  /** As PGlite's query(); of its options, rowMode and parsers apply. */
  query<T>(sql: string, params?: readonly unknown[], options?: Pick<QueryOptions, 'rowMode' | 'parsers'>): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

const { serialize } = protocol

// The platform code's statements are fixed texts, about a hundred; the bound keeps the parse trees
// and plans (kept in WebAssembly memory, which never shrinks) few whatever a caller builds.
const MAX_PREPARED = 200

interface Prepared {
  name: string
  /** Parameter type OIDs, as Postgres inferred them. */
  types: number[]
}

/** The statements prepared on one database session, in least-recently-used order. */
class PreparedStatements {
  private readonly bySql = new Map<string, Prepared>()
  /** Evicted statements, closed with the next call. */
  readonly toClose: string[] = []
  private sequence = 0

  get(sql: string): Prepared | undefined {
    const found = this.bySql.get(sql)
    if (found) {
      this.bySql.delete(sql)
      this.bySql.set(sql, found)
    }
    return found
  }

  nextName(): string {
    return `platform_${++this.sequence}`
  }

  add(sql: string, prepared: Prepared): void {
    this.bySql.set(sql, prepared)
    if (this.bySql.size > MAX_PREPARED) {
      const [oldestSql, oldest] = this.bySql.entries().next().value as [string, Prepared]
      this.bySql.delete(oldestSql)
      this.toClose.push(oldest.name)
    }
  }
}

const sessions = new WeakMap<PGlite, PreparedStatements>()

/** Parameters as text, as PGlite's query() serializes them by their types. */
function serializeParams(pg: PGlite, params: readonly unknown[], types: number[]): (string | null)[] {
  return params.map((param, i) => {
    if (param === null || param === undefined) return null
    const serializer = pg.serializers[types[i]]
    return serializer ? serializer(param) : String(param)
  })
}

/**
 * Runs `work` in one transaction, holding PGlite's transaction lock as its transaction() does, and
 * commits; rolls back when `work` throws. A transaction that ran no statement sends nothing.
 */
export function runTransaction<T>(pg: PGlite, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return pg._runExclusiveTransaction(async () => {
    const statements = sessions.get(pg) ?? new PreparedStatements()
    sessions.set(pg, statements)
    let begun = false
    let closed = false

    /** One call into the backend; BEGIN goes first in the transaction's first call. */
    async function call(sent: Uint8Array[]): Promise<messages.BackendMessage[]> {
      if (closed) throw new Error('Transaction is closed')
      const parts = [...statements.toClose.splice(0).map((name) => serialize.close({ type: 'S', name })), ...sent]
      if (begun) return pg.execProtocolStream(Buffer.concat(parts), { syncToFs: false })
      begun = true
      const reply = await pg.execProtocolStream(Buffer.concat([serialize.query('BEGIN'), ...parts]), { syncToFs: false })
      // BEGIN's own result comes first: leave it out.
      return reply.slice(reply.findIndex((message) => message.name === 'commandComplete') + 1)
    }

    const tx: Transaction = {
      query: <R>(sql: string, params: readonly unknown[] = [], options?: Pick<QueryOptions, 'rowMode' | 'parsers'>) =>
        pg._runExclusiveQuery(async () => {
          let prepared = statements.get(sql)
          if (!prepared) {
            const name = statements.nextName()
            // A Parse that fails leaves no statement behind; one that succeeds is kept.
            const reply = await call([serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()])
            prepared = { name, types: parse.parseDescribeStatementResults(reply) }
            statements.add(sql, prepared)
          }
          const values = serializeParams(pg, params, prepared.types)
          const reply = await call([
            serialize.bind({ statement: prepared.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ])
          const results = parse.parseResults(reply, pg.parsers, options)
          return results[results.length - 1] as Results<R>
        }),
      exec: (sql: string) => pg._runExclusiveQuery(async () => parse.parseResults(await call([serialize.query(sql)]), pg.parsers)),
    }

    async function end(command: 'COMMIT' | 'ROLLBACK'): Promise<void> {
      closed = true
      if (!begun) return
      await pg._runExclusiveQuery(() => pg.execProtocolStream(serialize.query(command), { syncToFs: command === 'COMMIT' }))
    }

    let result: T
    try {
      result = await work(tx)
    } catch (error) {
      await end('ROLLBACK')
      throw error
    }
    await end('COMMIT')
    return result
  })
}
