// What db:dump, db:restore, db:backup and storage:push share: a consistent dump of DATA_DIR (from
// the backend that holds it, or from the directory itself when none runs), loading a dump into an
// empty DATA_DIR, and copying stored files checked against their rows.
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { seedPath } from '../../local-supabase/src/bootstrap.ts'
import type { BackendConfig } from '../../local-supabase/src/config.ts'
import { LocalDatabase } from '../../local-supabase/src/db.ts'
import { DUMP_SOCKET, dumpStoppedDataDir, requestDump } from '../../local-supabase/src/dump-socket.ts'
import { dumpStatements, type Dump, type StoredObject } from '../../local-supabase/src/dump.ts'
import { objectFilePath } from '../../local-supabase/src/storage/paths.ts'

export async function backendIsRunning(config: Pick<BackendConfig, 'host' | 'port'>): Promise<boolean> {
  try {
    await fetch(`http://${config.host}:${config.port}/`, { signal: AbortSignal.timeout(1_000) })
    return true
  } catch {
    return false
  }
}

/** A dump of DATA_DIR at one moment, whether or not the backend is running. */
export async function takeDump(config: BackendConfig): Promise<Dump> {
  const fromBackend = await requestDump(config.dataDir)
  if (fromBackend) return fromBackend
  // Two processes must never open one PGlite directory.
  if (await backendIsRunning(config)) {
    throw new Error(
      `A local backend is running on port ${config.port} but not answering on ${path.join(config.dataDir, DUMP_SOCKET)}: restart it, or stop it, then dump again.`,
    )
  }
  return dumpStoppedDataDir(config.dataDir)
}

const STORAGE = 'storage'

/**
 * Loads a dump (and, from a backup, its stored files) into DATA_DIR, which must hold no database
 * and no files yet (its keys may stay). On failure nothing is left half-loaded.
 */
export async function restoreDataDir(dataDir: string, sql: string, storageFrom: string | null): Promise<void> {
  const pgdata = path.join(dataDir, 'pgdata')
  const storage = path.join(dataDir, STORAGE)
  const storageFiles = await readdir(storage).catch(() => [])
  if (existsSync(pgdata) || storageFiles.length > 0) {
    throw new Error(`${dataDir} already holds a database or files: restore into an empty DATA_DIR (npm run db:reset does not empty it for this).`)
  }
  try {
    // The migrations, without the seed: the dump brings every row.
    const db = await LocalDatabase.open(dataDir, { seed: false })
    try {
      await db.pg.exec(dumpStatements(sql))
      // Marked as seeded, so the next start does not add the seed content on top.
      const seed = await readFile(seedPath, 'utf8').catch(() => '')
      await db.pg.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do nothing', [
        'supabase/seed.sql',
        createHash('sha256').update(seed).digest('hex'),
      ])
    } finally {
      await db.close()
    }
    if (storageFrom && existsSync(storageFrom)) await cp(storageFrom, storage, { recursive: true })
  } catch (error) {
    await rm(pgdata, { recursive: true, force: true })
    await rm(storage, { recursive: true, force: true })
    throw error
  }
}

const MD5_ETAG = /^"([0-9a-f]{32})"$/

/**
 * Copies the files of `objects` from one storage directory to another. Returns the objects whose
 * file no longer matches its row (replaced or removed since the dump), which are not copied.
 */
export async function copyObjects(objects: StoredObject[], fromRoot: string, toRoot: string): Promise<StoredObject[]> {
  const changed: StoredObject[] = []
  for (const object of objects) {
    const bytes = await readFile(objectFilePath(fromRoot, object.bucket, object.name)).catch(() => null)
    const md5 = MD5_ETAG.exec(object.eTag)?.[1]
    if (!bytes || bytes.length !== object.size || (md5 && createHash('md5').update(bytes).digest('hex') !== md5)) {
      changed.push(object)
      continue
    }
    const target = objectFilePath(toRoot, object.bucket, object.name)
    await mkdir(path.dirname(target), { recursive: true })
    await writeFile(target, bytes)
  }
  return changed
}

export function storageRoot(dataDir: string): string {
  return path.join(dataDir, STORAGE)
}

/** "public.blog_posts 12, auth.users 2, …" */
export function describeRows(rows: Record<string, number>): string {
  return Object.entries(rows)
    .map(([table, count]) => `${table} ${count}`)
    .join(', ')
}
