// `npm run db:diff` on real PostgreSQL 15 (scripts/ci-postgres.sh installs it, before the Node tests
// in .ci/run): on copies of supabase/schemas and supabase/migrations, it finds nothing to write
// while they agree, and after a column is added to a schema file writes the migration that adds
// it, which then brings the migrations level with the schema files.
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap'

const run = promisify(execFile)
const postgres15 = existsSync('/usr/lib/postgresql/15/bin/postgres')

describe.runIf(postgres15)('npm run db:diff', () => {
  let dir = ''
  const migrations = () => path.join(dir, 'migrations')
  const schemas = () => path.join(dir, 'schemas')

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'db-diff-test-'))
    await cp(path.join(repoRoot, 'supabase/migrations'), migrations(), { recursive: true })
    await cp(path.join(repoRoot, 'supabase/schemas'), schemas(), { recursive: true })
  })
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true })
  })

  async function dbDiff(name: string) {
    const before = new Set(await readdir(migrations()))
    const { stdout } = await run('scripts/db-diff.sh', [name], {
      cwd: repoRoot,
      env: { ...process.env, MIGRATIONS_DIR: migrations(), SCHEMAS_DIR: schemas() },
    })
    const written = (await readdir(migrations())).filter((file) => !before.has(file))
    return { stdout, written }
  }

  it('writes no migration while the schema files and the migrations agree', async () => {
    const { stdout, written } = await dbDiff('nothing_changed')
    expect(stdout).toContain('no schema changes')
    expect(written).toEqual([])
  })

  it('writes the migration that adds a column added to a schema file, named after the newest one', async () => {
    const file = path.join(
      schemas(),
      (await readdir(schemas())).find((name) => name.endsWith('-clients.sql'))!,
    )
    const sql = await readFile(file, 'utf8')
    const edited = sql.replace(/^(CREATE TABLE public\.clients \(\n)/m, '$1    motto text,\n')
    expect(edited).not.toBe(sql)
    await writeFile(file, edited)

    const newest = (await readdir(migrations())).sort().at(-1)!
    const { stdout, written } = await dbDiff('add_client_motto')
    expect(written).toHaveLength(1)
    expect(written[0]).toMatch(/^\d{14}_add_client_motto\.sql$/)
    expect(written[0] > newest).toBe(true)
    const migration = await readFile(path.join(migrations(), written[0]), 'utf8')
    const statements = migration
      .replace(/--[^\n]*/g, '')
      .split(';')
      .map((statement) => statement.trim())
      .filter(Boolean)
    expect(statements).toEqual(['alter table "public"."clients" add column "motto" text'])
    expect(stdout).toContain('the migrations now match')
  })
})
