// npm run db:types: regenerates src/lib/database.types.ts from supabase/migrations.
// tests/database-types.test.ts fails when the committed file no longer matches.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot } from '../local-supabase/src/bootstrap'
import { databaseTypesPath, generateDatabaseTypes } from '../local-supabase/src/typegen'

const started = performance.now()
try {
  await writeFile(databaseTypesPath, await generateDatabaseTypes())
} catch (error) {
  console.error(`Type generation failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
const seconds = ((performance.now() - started) / 1000).toFixed(1)
console.log(`Wrote ${path.relative(repoRoot, databaseTypesPath)} in ${seconds} s`)
