// Runs supabase/tests/*.sql (pgTAP) on PGlite after the local preamble, the migrations and the seed,
// and turns every TAP line into its own Vitest test, so the summary counts assertions, not files.
// The files are run once, at collection time; each rolls back, so one database serves them all.
import { existsSync } from 'node:fs'
import { readFile, readdir } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pgtap } from '@electric-sql/pglite-pgtap'
import { afterAll, describe, expect, it } from 'vitest'
import { applyMigrations, applyPreamble, applySeed, listMigrations, repoRoot, seedPath } from '../../local-supabase/src/bootstrap'

const testsDir = path.join(repoRoot, 'supabase/tests')

interface Assertion {
  ok: boolean
  number: number
  description: string
  directive: string | null
  diagnostics: string[]
}

interface TapRun {
  file: string
  plan: number | null
  assertions: Assertion[]
  /** Diagnostics printed outside an assertion, e.g. finish()'s "Looks like you failed 1 test of 9". */
  summary: string[]
  error: string | null
}

const tapLine = /^(not )?ok (\d+)(?: - (.*?))?(?:\s+# (TODO|SKIP)\b.*)?$/i

/** Parses the TAP text that pgTAP's functions return, one row per statement. */
function parseTap(lines: string[]): Pick<TapRun, 'plan' | 'assertions' | 'summary'> {
  let plan: number | null = null
  const assertions: Assertion[] = []
  const summary: string[] = []
  for (const line of lines) {
    const planMatch = /^1\.\.(\d+)/.exec(line)
    const match = tapLine.exec(line)
    if (planMatch) {
      plan = Number(planMatch[1])
    } else if (match) {
      assertions.push({
        ok: match[1] === undefined,
        number: Number(match[2]),
        description: match[3] ?? '',
        directive: match[4]?.toUpperCase() ?? null,
        diagnostics: [],
      })
    } else if (line.startsWith('#')) {
      const last = assertions.at(-1)
      // finish() prints its verdict after the last assertion; keep it apart from that assertion.
      if (last && !/^# Looks like/.test(line)) last.diagnostics.push(line)
      else summary.push(line)
    }
  }
  return { plan, assertions, summary }
}

function textLines(results: { rows: Record<string, unknown>[] }[]): string[] {
  const lines: string[] = []
  for (const result of results) {
    for (const row of result.rows) {
      for (const value of Object.values(row)) {
        if (typeof value === 'string' && value !== '') lines.push(...value.split('\n'))
      }
    }
  }
  return lines
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

// Database: preamble, migrations, then the seed when there is one ------------------------------------
const pg = new PGlite({ extensions: { pgtap } })
afterAll(async () => {
  await pg.close()
})

const migrations = await listMigrations()
let bootstrapError: string | null = null
let appliedVersions: string[] = []
let reappliedVersions: string[] | null = null
let seedError: string | null = null
try {
  await applyPreamble(pg)
  appliedVersions = await applyMigrations(pg)
  await applyPreamble(pg) // idempotent: the local backend runs it again whenever its text changes
  reappliedVersions = await applyMigrations(pg)
} catch (error) {
  bootstrapError = messageOf(error)
}
const seeded = bootstrapError === null && existsSync(seedPath)
if (seeded) {
  try {
    await applySeed(pg)
  } catch (error) {
    // The seed runs in its own transaction, so the pgTAP files still run on a clean schema.
    seedError = messageOf(error)
  }
}

// pgTAP files ---------------------------------------------------------------------------------------
const testFiles = existsSync(testsDir) ? (await readdir(testsDir)).filter((file) => file.endsWith('.sql')).sort() : []

const runs: TapRun[] = []
if (bootstrapError === null) await pg.exec('create extension if not exists pgtap')
for (const file of testFiles) {
  if (bootstrapError !== null) {
    runs.push({ file, plan: null, assertions: [], summary: [], error: `not run: ${bootstrapError}` })
    continue
  }
  const sql = await readFile(path.join(testsDir, file), 'utf8')
  try {
    const results = await pg.exec(sql)
    runs.push({ file, ...parseTap(textLines(results)), error: null })
  } catch (error) {
    // A statement outside an assertion failed: the file's transaction is aborted; end it.
    await pg.exec('rollback').catch(() => undefined)
    runs.push({ file, plan: null, assertions: [], summary: [], error: messageOf(error) })
  }
}

// Tests ----------------------------------------------------------------------------------------------
describe('migrations', () => {
  it('are named <14-digit timestamp>_<topic>.sql, as the Supabase CLI expects', () => {
    expect(migrations.length).toBeGreaterThan(0)
    for (const migration of migrations) {
      expect(path.basename(migration.file)).toMatch(/^\d{14}_[a-z0-9_]+\.sql$/)
    }
  })

  it('apply in order after the preamble on an empty database, without error', () => {
    expect(bootstrapError).toBeNull()
    expect(appliedVersions).toEqual(migrations.map((m) => m.version))
  })

  it('are not applied twice, and the preamble is idempotent', () => {
    expect(reappliedVersions).toEqual([])
  })

  it('contain nothing a hosted Supabase project would refuse', async () => {
    // Roles, the auth and storage schemas and their tables belong to the platform.
    const forbidden: [RegExp, string][] = [
      [/\bcreate\s+role\b/i, 'create role'],
      [/\balter\s+role\b/i, 'alter role'],
      [/\bdrop\s+role\b/i, 'drop role'],
      [/\bset\s+(local\s+|session\s+)?role\b/i, 'set role'],
      [/\bcreate\s+schema\s+(if\s+not\s+exists\s+)?"?(auth|storage|extensions|supabase_migrations)"?\b/i, 'create a platform schema'],
      [/\b(alter|drop)\s+schema\s+"?(auth|storage|extensions)"?\b/i, 'alter a platform schema'],
      [/\b(create|alter|drop|truncate)\s+table\s+(if\s+(not\s+)?exists\s+)?(only\s+)?"?auth"?\./i, 'change auth tables'],
      [/\b(create|alter|drop|truncate)\s+table\s+(if\s+(not\s+)?exists\s+)?(only\s+)?"?storage"?\./i, 'change storage tables'],
      [/\b(insert\s+into|update|delete\s+from)\s+"?auth"?\./i, 'write auth rows'],
      [/\bcreate\s+(or\s+replace\s+)?function\s+"?(auth|storage)"?\./i, 'define auth/storage functions'],
      [/\bcreate\s+extension\b[^;]*\bpgtap\b/i, 'install pgTAP (tests only)'],
      [/\balter\s+system\b/i, 'alter system'],
    ]
    const problems: string[] = []
    for (const migration of migrations) {
      const sql = (await readFile(migration.file, 'utf8')).replace(/--[^\n]*/g, '').replace(/\/\*[\s\S]*?\*\//g, '')
      for (const [pattern, what] of forbidden) {
        if (pattern.test(sql)) problems.push(`${path.basename(migration.file)}: ${what}`)
      }
    }
    expect(problems).toEqual([])
  })

  it.runIf(existsSync(seedPath))('leave room for supabase/seed.sql to apply on top', () => {
    expect(seedError).toBeNull()
  })
})

describe('pgTAP', () => {
  it('has test files', () => {
    expect(testFiles.length).toBeGreaterThan(0)
  })

  it('runs 00-helpers.sql first, then one file per table (or aspect of one), and the cross-cutting checks apart', async () => {
    expect(testFiles[0]).toBe('00-helpers.sql')
    const tables = await pg.query<{ name: string }>(`select tablename as name from pg_tables where schemaname in ('public', 'private')`)
    // A file is named after the table whose rules it proves (storage_objects: the buckets' files),
    // or after a concern that spans tables: the catalogue, the shared helpers, personal data.
    const subjects = new Set([...tables.rows.map((row) => row.name), 'storage_objects', 'catalogue', 'helpers', 'personal_data'])
    const misnamed = testFiles.slice(1).filter((file) => {
      const match = /^([a-z_]+)(-[a-z0-9-]+)?\.test\.sql$/.exec(file)
      return !match || !subjects.has(match[1])
    })
    expect(misnamed).toEqual([])
  })

  it('defines the shared helpers once, in 00-helpers.sql', async () => {
    const redefined: string[] = []
    for (const file of testFiles.slice(1)) {
      const sql = await readFile(path.join(testsDir, file), 'utf8')
      if (/\bcreate\s+schema\s+(if\s+not\s+exists\s+)?tests\b/i.test(sql)) redefined.push(`${file}: create schema tests`)
      for (const helper of ['act_as', 'act_as_anon', 'act_as_member', 'act_as_admin', 'act_as_owner', 'from_address', 'delete_as_storage_api', 'allowed']) {
        if (new RegExp(`\\bfunction\\s+tests\\.${helper}\\s*\\(`, 'i').test(sql)) redefined.push(`${file}: tests.${helper}`)
      }
    }
    expect(redefined).toEqual([])
  })
})

for (const run of runs) {
  describe(`pgTAP ${run.file}`, () => {
    for (const assertion of run.assertions) {
      const name = `${assertion.ok ? 'ok' : 'not ok'} ${assertion.number} - ${assertion.description}`
      if (assertion.directive !== null) {
        it.skip(`${name} # ${assertion.directive}`, () => undefined)
        continue
      }
      it(name, () => {
        if (!assertion.ok) expect.fail([name, ...assertion.diagnostics].join('\n'))
      })
    }

    it(`ran its plan (${run.plan ?? '?'}) with no failure`, () => {
      if (run.error !== null) expect.fail(`${run.file} stopped: ${run.error}`)
      expect(run.plan, 'select plan(n) printed no plan').not.toBeNull()
      expect(run.assertions.length, run.summary.join('\n')).toBe(run.plan)
      expect(
        run.assertions.filter((a) => !a.ok && a.directive === null).map((a) => a.description),
        run.summary.join('\n'),
      ).toEqual([])
      expect(run.summary.filter((line) => /^# Looks like/.test(line))).toEqual([])
    })
  })
}
