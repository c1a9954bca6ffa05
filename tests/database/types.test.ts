// The committed row types must be exactly what Supabase's generator makes of supabase/migrations.
import { readFile } from 'node:fs/promises'
import { expect, test } from 'vitest'
import { databaseTypesPath, generateDatabaseTypes } from '../../local-supabase/src/typegen'

test('src/lib/database.types.ts matches supabase/migrations', async () => {
  const [generated, committed] = await Promise.all([generateDatabaseTypes(), readFile(databaseTypesPath, 'utf8').catch(() => '')])
  expect(committed, 'Row types drifted from supabase/migrations: run npm run db:types').toBe(generated)
})
