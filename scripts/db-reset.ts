// `npm run db:reset`: empties the local database and stored files in DATA_DIR, then applies the
// migrations and seed again and recreates the first admin. The generated keys are kept, so
// clients configured with them keep working.
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { ensureFirstAdmin } from '../local-supabase/src/auth/users.ts'
import { loadConfig, loadDotEnv } from '../local-supabase/src/config.ts'
import { LocalDatabase } from '../local-supabase/src/db.ts'
import { KEYS_FILE } from '../local-supabase/src/keys.ts'
import { backendIsRunning } from './lib/local-data.ts'

loadDotEnv()
const config = loadConfig()

if (await backendIsRunning(config)) {
  console.error(`A local backend is running on port ${config.port}: stop it (Ctrl-C) before resetting its data.`)
  process.exit(1)
}

const entries = await readdir(config.dataDir).catch(() => [] as string[])
for (const entry of entries) {
  if (entry !== KEYS_FILE) await rm(path.join(config.dataDir, entry), { recursive: true, force: true })
}
console.log(`Emptied ${config.dataDir}; applying migrations and seed…`)
const db = await LocalDatabase.open(config.dataDir)
await ensureFirstAdmin(db, config.adminEmail, config.adminPassword, config.firstAdminSql)
const { rows } = await db.pg.query<{ version: string }>('select version from supabase_migrations.schema_migrations order by version')
await db.close()
console.log(`Database reset: ${rows.length} migrations applied, seed loaded, admin ${config.adminEmail} created.`)
