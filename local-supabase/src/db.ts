// The database of the local backend: one PGlite instance, persisted under DATA_DIR/pgdata.
// PGlite runs one query at a time; its transaction() holds an exclusive lock, so requests queue
// and two transactions never interleave.
import path from 'node:path'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { bootstrap } from './bootstrap.ts'
import type { RoleContext } from './identity.ts'

export type { Transaction }

export class LocalDatabase {
  private constructor(readonly pg: PGlite) {}

  /** Opens (creating if needed) the database and brings it up to date: preamble, migrations, seed. */
  static async open(dataDir: string | null, options: { seed?: boolean } = {}): Promise<LocalDatabase> {
    const pg = await PGlite.create(dataDir ? path.join(dataDir, 'pgdata') : undefined)
    await bootstrap(pg, options)
    return new LocalDatabase(pg)
  }

  /**
   * Runs `work` in one transaction as the request's role with its claims and headers set, exactly
   * as PostgREST does, so row-level security is the only gate. Rolls back if `work` throws.
   */
  asRole<T>(context: RoleContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction(async (tx) => {
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.headers', $3, true), set_config('request.method', $4, true),
                set_config('request.path', $5, true)`,
        [context.role, JSON.stringify(context.claims), JSON.stringify(context.headers), context.method, context.path],
      )
      return work(tx)
    })
  }

  /** A transaction as the database owner, for the platform's own bookkeeping (auth, storage metadata). */
  asSystem<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.pg.transaction(work)
  }

  close(): Promise<void> {
    return this.pg.close()
  }
}
