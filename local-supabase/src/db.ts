// The database of the local backend: one PGlite instance, persisted under DATA_DIR/pgdata.
// PGlite runs one query at a time; its transaction() holds an exclusive lock, so requests queue
// and two transactions never interleave.
import { fork } from 'node:child_process'
import { closeSync, existsSync, fsyncSync, openSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { bootstrap } from './bootstrap.ts'
import type { RoleContext } from './identity.ts'
import { databaseClock } from './test-clock.ts'
import { runTransaction, type Transaction } from './transaction.ts'

export type { Transaction }

// PGlite's default 128 MB of shared buffers is most of its memory; this database is small.
// wal_sync_method=fsync: see durableFileSystem() (fdatasync never reaches the OS inside PGlite).
// compute_query_id=on: EXPLAIN VERBOSE names the query's identifier, as on a Supabase project
// (where pg_stat_statements has it computed).
const POSTGRES_CONF = ['shared_buffers=16MB', 'wal_sync_method=fsync', 'compute_query_id=on']

export interface OpenOptions {
  seed?: boolean
  /**
   * Flush the WAL to disk at every commit (default). PGlite starts Postgres with -F (fsync off), and
   * its Emscripten file system drops fsync calls; durable mode starts without -F and routes fsync
   * to the real file. `DURABLE_COMMITS=0` turns it off (faster writes, but a power cut may lose the
   * last commits).
   */
  durable?: boolean
}

/** The minimal shape of Emscripten's NODEFS that durableFileSystem() touches. */
interface NodeFsStream {
  nfd?: number
  node: { mode: number }
}
interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: NodeFsStream) => number }
  realPath(node: NodeFsStream['node']): string
}

const S_IFMT = 0o170000
const S_IFDIR = 0o040000

/**
 * Makes fsync inside PGlite reach the disk. Emscripten's NODEFS (the file system PGlite's data
 * directory is mounted with) has no fsync stream operation, so Postgres' fsync() returns success
 * without a system call, and its fdatasync() is a stub that does nothing at all. Giving NODEFS an
 * fsync operation makes Postgres' fsync() an fsync(2) of the real file (or directory); the WAL is
 * then flushed at commit with wal_sync_method=fsync. Shown with strace: 0 fsync calls for 200
 * commits before, one or more per commit after (docs/local-backend.md, "Durability").
 */
function durableFileSystem(pg: PGlite): void {
  const nodefs = (pg.Module.FS as unknown as { filesystems: { NODEFS: EmscriptenNodeFs } }).filesystems.NODEFS
  nodefs.stream_ops.fsync = (stream) => {
    if (typeof stream.nfd === 'number') {
      fsyncSync(stream.nfd)
    } else if ((stream.node.mode & S_IFMT) === S_IFDIR) {
      // Directories are not opened on the host by NODEFS: open, sync and close one here, so a new
      // WAL segment's directory entry is on disk too.
      const fd = openSync(nodefs.realPath(stream.node), 'r')
      try {
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
    }
    return 0
  }
}

/**
 * What PostgREST sets for a request, local to its transaction: the role, the verified JWT claims and
 * the request's headers, method and path; then app.clock, the time private.clock() reads, which is
 * empty (the database's own now()) unless a test has moved the backend's clock. The one definition
 * of it: /rest/v1's pipelined executor sends the same statement.
 */
export const REQUEST_SETTINGS_SQL = `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
  set_config('request.headers', $3, true), set_config('request.method', $4, true),
  set_config('request.path', $5, true), set_config('app.clock', $6, true)`

export function requestSettingsParams(context: RoleContext, claimsJson = JSON.stringify(context.claims)): string[] {
  return [context.role, claimsJson, JSON.stringify(context.headers), context.method, context.path, databaseClock()]
}

function initDataDir(pgdata: string): Promise<void> {
  // Beside this module: initdb.ts when run from source, initdb.mjs in the bundle (local-supabase/build.ts).
  const self = fileURLToPath(import.meta.url)
  const script = path.join(path.dirname(self), `initdb${path.extname(self)}`)
  return new Promise((resolve, reject) => {
    // initdb runs once, for seconds: V8's optimizing tier for PGlite's WebAssembly would cost more
    // than it saves (8.3 CPU-s against 5.4 on V8's baseline compiler alone).
    const child = fork(script, [pgdata], { stdio: 'inherit', execArgv: [...process.execArgv, '--liftoff-only'] })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`initdb exited with code ${code}`))))
  })
}

export class LocalDatabase {
  private constructor(readonly pg: PGlite) {}

  /** Opens (creating if needed) the database and brings it up to date: preamble, migrations, seed. */
  static async open(dataDir: string | null, options: OpenOptions = {}): Promise<LocalDatabase> {
    const pgdata = dataDir ? path.join(dataDir, 'pgdata') : undefined
    if (pgdata && !existsSync(path.join(pgdata, 'PG_VERSION'))) {
      await mkdir(pgdata, { recursive: true })
      await initDataDir(pgdata)
    }
    const durable = Boolean(pgdata) && options.durable !== false
    const pg = await PGlite.create(pgdata, {
      postgresqlconf: POSTGRES_CONF,
      // -F is Postgres' "fsync off" switch.
      startParams: durable ? PGlite.defaultStartParams.filter((param) => param !== '-F') : PGlite.defaultStartParams,
    })
    // Migrations and seed run with fsync still dropped (hundreds of statements, each a commit);
    // then fsync is routed to the disk and one checkpoint makes all of it durable at once.
    await bootstrap(pg, options)
    if (durable) {
      durableFileSystem(pg)
      await pg.exec('checkpoint')
    }
    return new LocalDatabase(pg)
  }

  /**
   * Runs `work` in one transaction as the request's role with its claims and headers set, exactly
   * as PostgREST does, so row-level security is the only gate. Rolls back if `work` throws.
   */
  asRole<T>(context: RoleContext, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return runTransaction(this.pg, async (tx) => {
      await tx.query(REQUEST_SETTINGS_SQL, requestSettingsParams(context))
      return work(tx)
    })
  }

  /** A transaction as the database owner, for the platform's own bookkeeping (auth, storage metadata). */
  asSystem<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    return runTransaction(this.pg, work)
  }

  close(): Promise<void> {
    return this.pg.close()
  }
}
