// `npm run db:backup`: a dated dump and the stored files into BACKUP_DIR, keeping the last
// BACKUP_KEEP. Runs while the product serves (e.g. from cron); `npm run db:restore -- <backup>`
// loads one into an empty DATA_DIR.
import { loadConfig, loadDotEnv } from '../local-supabase/src/config.ts'
import { loadBackupSettings, writeBackup } from './lib/backups.ts'
import { describeRows } from './lib/local-data.ts'

loadDotEnv()
try {
  const result = await writeBackup(loadConfig(), loadBackupSettings())
  console.log(`Backup written to ${result.dir}: ${describeRows(result.rows)}; ${result.files} stored file(s).`)
  if (result.removed.length > 0) console.log(`Removed older backups: ${result.removed.join(', ')}`)
} catch (error) {
  console.error(`db:backup failed: ${(error as Error).message}`)
  process.exit(1)
}
