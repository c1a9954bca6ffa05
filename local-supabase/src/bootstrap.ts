// Brings a PGlite database to the state of a Supabase project: the local-only platform preamble,
// then every migration not yet applied (recorded as the Supabase CLI records them), then the seed
// on a database that has never been seeded. Shared by the local backend, the pgTAP runner and the
// type generator, so all three see exactly the same schema.
import { createHash } from 'node:crypto'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
export const preamblePath = path.join(repoRoot, 'local-supabase/preamble.sql')
export const migrationsDir = path.join(repoRoot, 'supabase/migrations')
export const seedPath = path.join(repoRoot, 'supabase/seed.sql')

export interface Migration {
  version: string
  name: string
  file: string
}

/** Migrations in the order the Supabase CLI applies them: by file name, `<version>_<name>.sql`. */
export async function listMigrations(dir = migrationsDir): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file)
    if (!match) throw new Error(`Migration file name must be <version>_<name>.sql: ${file}`)
    return { version: match[1], name: match[2], file: path.join(dir, file) }
  })
}

/** Beside Postgres' own files in a data directory: the SHA-256 of the preamble last applied to it. */
export const PREAMBLE_MARK = 'local-backend-preamble.sha256'

/**
 * Applies the preamble (idempotent) unless the data directory records that this very text was
 * applied already: re-running 400 lines of DDL costs a start about 0.1 s of CPU and changes
 * nothing. A changed preamble, a new directory or an in-memory database gets it applied.
 */
export async function applyPreamble(pg: PGlite): Promise<void> {
  const sql = await readFile(preamblePath, 'utf8')
  const hash = createHash('sha256').update(sql).digest('hex')
  const mark = pg.dataDir && !pg.dataDir.includes('://') ? path.join(pg.dataDir, PREAMBLE_MARK) : null
  if (mark && (await readFile(mark, 'utf8').catch(() => null)) === hash) return
  await pg.exec(sql)
  if (mark) await writeFile(mark, hash)
}

/** Applies the migrations that are not recorded yet, each in its own transaction. Returns their versions. */
export async function applyMigrations(pg: PGlite, dir = migrationsDir): Promise<string[]> {
  const applied = new Set((await pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version))
  const done: string[] = []
  for (const migration of await listMigrations(dir)) {
    if (applied.has(migration.version)) continue
    const sql = await readFile(migration.file, 'utf8')
    try {
      await pg.transaction(async (tx) => {
        await tx.exec(sql)
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          migration.version,
          migration.name,
          [sql],
        ])
      })
    } catch (error) {
      throw new Error(`Migration ${path.basename(migration.file)} failed: ${(error as Error).message}`, { cause: error })
    }
    done.push(migration.version)
  }
  return done
}

/** Runs supabase/seed.sql (when there is one) once, on a database never seeded. Returns whether it ran. */
export async function applySeed(pg: PGlite, file = seedPath): Promise<boolean> {
  const seeded = await pg.query('select 1 from supabase_migrations.seed_files limit 1')
  if (seeded.rows.length > 0) return false
  let sql: string
  try {
    sql = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false // a project without seed data
    throw error
  }
  const hash = createHash('sha256').update(sql).digest('hex')
  try {
    await pg.transaction(async (tx) => {
      await tx.exec(sql)
      await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', ['supabase/seed.sql', hash])
    })
  } catch (error) {
    throw new Error(`Seed failed: ${(error as Error).message}`, { cause: error })
  }
  return true
}

/** Preamble, migrations and (optionally) seed: a database ready to serve or test. */
export async function bootstrap(pg: PGlite, options: { seed?: boolean } = {}): Promise<void> {
  await applyPreamble(pg)
  await applyMigrations(pg)
  if (options.seed ?? true) await applySeed(pg)
}
