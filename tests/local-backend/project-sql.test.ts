// The local backend runs any Supabase project's migrations: what it does for this product on the
// first start (the first admin's role) and daily (retention) comes from the project's SQL files,
// named by configuration, and its own source names none of the product's tables or functions.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import { loadConfig } from '../../local-supabase/src/config.ts'

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true })
  return entries.filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')).map((e) => path.join(e.parentPath, e.name))
}

describe("the project's SQL for the local backend", () => {
  it('reads the first-admin and daily SQL from supabase/local by default, from the named files, or none when turned off', async () => {
    const defaults = loadConfig({})
    expect(defaults.firstAdminSql).toContain('public.staff_roles')
    expect(defaults.dailySql).toContain('private.apply_history_retention()')
    expect(defaults.clientAddressSql).toContain('private.client_address($1)')
    const named = loadConfig({ FIRST_ADMIN_SQL: 'supabase/local/daily.sql', DAILY_SQL: '' })
    expect(named.firstAdminSql).toBe(await readFile(path.join(repoRoot, 'supabase/local/daily.sql'), 'utf8'))
    expect(named.dailySql).toBeNull()
    expect(() => loadConfig({ DAILY_SQL: 'supabase/local/no-such-file.sql' })).toThrow(/DAILY_SQL names a file that does not exist/)
  })

  it("names none of this product's tables or functions in the backend's source", async () => {
    const product = /public\.(staff_roles|blog_posts|site_settings)|apply_history_retention|private\.client_address/
    const offenders: string[] = []
    for (const file of await sourceFiles(path.join(repoRoot, 'local-supabase/src'))) {
      if (product.test(await readFile(file, 'utf8'))) offenders.push(path.relative(repoRoot, file))
    }
    expect(offenders).toEqual([])
  })
})
