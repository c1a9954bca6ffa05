// A migrated, seeded PGlite data directory that the tests' backends start from as a copy. Creating a
// data directory (initdb, ~5 s) and migrating it (~1.5 s) is most of a backend's start; copying the
// finished directory takes a fraction of that. The backend still checks its migrations on every
// start (and the preamble's mark, local-supabase/src/bootstrap.ts), so a copy behaves exactly as a
// directory that a first start made; the browser tests' first `npm start` and the tests that ask
// for a fresh directory keep the first start real.
//
// The template is kept under node_modules/.cache, named by a hash of everything that shapes it, so a
// change to a migration, the seed, the preamble or PGlite makes a new one.
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { backendBundleDir } from '../../local-supabase/bundle-paths.ts'
import { bootstrap, listMigrations, preamblePath, repoRoot, seedPath } from '../../local-supabase/src/bootstrap.ts'

const templatesDir = path.join(repoRoot, 'node_modules/.cache/test-data-template')
const shapingFiles = [
  preamblePath,
  seedPath,
  path.join(repoRoot, 'local-supabase/src/bootstrap.ts'),
  path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json'),
]

async function templateKey(): Promise<string> {
  const hash = createHash('sha256')
  const migrations = (await listMigrations()).map((migration) => migration.file)
  for (const file of [...shapingFiles, ...migrations]) {
    hash.update(path.relative(repoRoot, file)).update('\0')
    hash.update(existsSync(file) ? await readFile(file) : '(none)').update('\0')
  }
  return hash.digest('hex').slice(0, 16)
}

/** The template's pgdata directory when it is built and current, else null (start fresh then). */
export async function dataTemplate(): Promise<string | null> {
  const pgdata = path.join(templatesDir, await templateKey(), 'pgdata')
  return existsSync(path.join(pgdata, 'PG_VERSION')) ? pgdata : null
}

/**
 * Builds the template unless the current one exists (run once per test run, by the global setup,
 * after the backend's bundle). Older templates are removed.
 */
export async function ensureDataTemplate(): Promise<string> {
  const key = await templateKey()
  const target = path.join(templatesDir, key)
  if (existsSync(path.join(target, 'pgdata', 'PG_VERSION'))) return path.join(target, 'pgdata')
  await mkdir(templatesDir, { recursive: true })
  const building = await mkdtemp(path.join(templatesDir, 'building-'))
  const pgdata = path.join(building, 'pgdata')
  // initdb in a child, as the backend does: its WebAssembly instance keeps ~800 MB it never returns.
  await promisify(execFile)(process.execPath, [path.join(backendBundleDir, 'initdb.mjs'), pgdata])
  const pg = await PGlite.create(pgdata)
  await bootstrap(pg)
  await pg.close()
  try {
    await rename(building, target)
  } catch (error) {
    // Another run finished the same template first.
    if (!existsSync(path.join(target, 'pgdata', 'PG_VERSION'))) throw error
    await rm(building, { recursive: true, force: true })
  }
  for (const entry of await readdir(templatesDir)) {
    if (entry !== key && !entry.startsWith('building-')) await rm(path.join(templatesDir, entry), { recursive: true, force: true })
  }
  return path.join(target, 'pgdata')
}

/** Puts a copy of the template into `dataDir` (as its pgdata); false when there is no template. */
export async function copyDataTemplate(dataDir: string): Promise<boolean> {
  const template = await dataTemplate()
  if (!template) return false
  await cp(template, path.join(dataDir, 'pgdata'), { recursive: true })
  return true
}
