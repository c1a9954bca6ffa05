// A transaction on PGlite with fewer calls into its WebAssembly backend. PGlite's own query() makes
// six calls per statement (parse, describe, bind, describe, execute, sync) and transaction() two
// more for BEGIN and COMMIT, each call with its own reply to collect and parse. Here a statement is
// one pipeline (Parse, Bind, Describe, Execute, Sync) and BEGIN travels with the first one; only a
// statement with a parameter that is not text needs a second call first, to learn the parameter
// types PGlite's serializers go by. Rows come back through PGlite's own result parser, so callers
// see exactly what PGlite's query() returns.
import { parse, protocol, type messages, type PGlite, type Results } from '@electric-sql/pglite'

/** What the backend's platform code (auth, storage metadata) runs its statements through. */
export interface Transaction {
  query<T>(sql: string, params?: readonly unknown[]): Promise<Results<T>>
  exec(sql: string): Promise<Results[]>
}

const { serialize } = protocol

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** A text parameter is sent as it is whatever its type (every PGlite serializer leaves a string alone). */
const isText = (param: unknown): param is string | null | undefined => param === null || param === undefined || typeof param === 'string'

/**
 * Runs `work` in one transaction, holding PGlite's transaction lock as its transaction() does, and
 * commits; rolls back when `work` throws. A transaction that ran no statement sends nothing.
 */
export function runTransaction<T>(pg: PGlite, work: (tx: Transaction) => Promise<T>): Promise<T> {
  return pg._runExclusiveTransaction(async () => {
    let begun = false
    let closed = false

    /** One call into the backend; BEGIN goes first in the transaction's first call. */
    async function call(parts: Uint8Array[]): Promise<messages.BackendMessage[]> {
      if (closed) throw new Error('Transaction is closed')
      if (begun) return pg.execProtocolStream(concat(parts), { syncToFs: false })
      begun = true
      const reply = await pg.execProtocolStream(concat([serialize.query('BEGIN'), ...parts]), { syncToFs: false })
      // BEGIN's own result comes first: leave it out.
      return reply.slice(reply.findIndex((message) => message.name === 'commandComplete') + 1)
    }

    const tx: Transaction = {
      query: <R>(sql: string, params: readonly unknown[] = []) =>
        pg._runExclusiveQuery(async () => {
          let values: (string | null)[]
          let prefix: Uint8Array[] = [serialize.parse({ text: sql })]
          if (params.every(isText)) {
            values = params.map((param) => param ?? null)
          } else {
            const types = parse.parseDescribeStatementResults(await call([serialize.parse({ text: sql }), serialize.describe({ type: 'S' }), serialize.sync()]))
            values = params.map((param, i) => {
              if (param === null || param === undefined) return null
              const serializer = pg.serializers[types[i]]
              return serializer ? serializer(param) : String(param)
            })
            prefix = [] // the unnamed statement is prepared now
          }
          const messages = await call([...prefix, serialize.bind({ values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()])
          const results = parse.parseResults(messages, pg.parsers)
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
