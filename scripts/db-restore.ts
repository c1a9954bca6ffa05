// `npm run db:restore -- FILE`: loads a db:dump file, or a db:backup directory (its dump and its
// stored files), into an empty DATA_DIR. Stop the backend first; start it afterwards as usual.
import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { loadConfig, loadDotEnv } from '../local-supabase/src/config.ts'
import { BACKUP_DUMP, BACKUP_STORAGE } from './lib/backups.ts'
import { backendIsRunning, restoreDataDir } from './lib/local-data.ts'

const source = process.argv[2]
if (!source || process.argv.length > 3) {
  console.error('Usage: npm run db:restore -- <dump.sql | backup directory>')
  process.exit(2)
}
if (!existsSync(source)) {
  console.error(`No such file or directory: ${source}`)
  process.exit(1)
}

loadDotEnv()
const config = loadConfig()
if (await backendIsRunning(config)) {
  console.error(`A local backend is running on port ${config.port}: stop it (Ctrl-C) before restoring into its DATA_DIR.`)
  process.exit(1)
}

const isBackup = statSync(source).isDirectory()
const dumpFile = isBackup ? path.join(source, BACKUP_DUMP) : source
try {
  await restoreDataDir(config.dataDir, await readFile(dumpFile, 'utf8'), isBackup ? path.join(source, BACKUP_STORAGE) : null)
  console.log(`Restored ${source} into ${config.dataDir}${isBackup ? ' (database and stored files)' : ''}.`)
} catch (error) {
  console.error(`db:restore failed: ${(error as Error).message}`)
  process.exit(1)
}
