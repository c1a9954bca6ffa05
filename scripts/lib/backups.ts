// Dated backups of DATA_DIR: each a directory `<UTC time>/` holding dump.sql (a db:dump), storage/
// (the stored files, as DATA_DIR/storage lays them out) and manifest.json (row counts, files).
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { repoRoot } from '../../local-supabase/src/bootstrap.ts'
import type { BackendConfig } from '../../local-supabase/src/config.ts'
import { copyObjects, storageRoot, takeDump } from './local-data.ts'

export const BACKUP_DUMP = 'dump.sql'
export const BACKUP_STORAGE = 'storage'
export const BACKUP_MANIFEST = 'manifest.json'
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z$/
/** Tries when files change between the dump and their copy. */
const ATTEMPTS = 3

export interface BackupSettings {
  dir: string
  keep: number
}

export function loadBackupSettings(env: NodeJS.ProcessEnv = process.env): BackupSettings {
  const keep = env.BACKUP_KEEP === undefined || env.BACKUP_KEEP === '' ? 7 : Number(env.BACKUP_KEEP)
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number of at least 1, got "${env.BACKUP_KEEP}"`)
  return { dir: path.resolve(repoRoot, env.BACKUP_DIR || 'backups'), keep }
}

export interface BackupResult {
  dir: string
  rows: Record<string, number>
  files: number
  removed: string[]
}

/**
 * Writes one backup and removes the oldest beyond `keep`. Safe while the backend serves: the dump
 * is one transaction, and each file is checked against its row in that dump (size and MD5); when
 * an upload replaced or removed one in between, the backup starts over.
 */
export async function writeBackup(config: BackendConfig, settings: BackupSettings, now = new Date()): Promise<BackupResult> {
  await mkdir(settings.dir, { recursive: true })
  const name = now.toISOString().replaceAll(':', '-')
  const partial = path.join(settings.dir, `${name}.partial`)
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    await rm(partial, { recursive: true, force: true })
    const dump = await takeDump(config)
    await mkdir(path.join(partial, BACKUP_STORAGE), { recursive: true, mode: 0o700 })
    const changed = await copyObjects(dump.objects, storageRoot(config.dataDir), path.join(partial, BACKUP_STORAGE))
    if (changed.length > 0) continue
    await writeFile(path.join(partial, BACKUP_DUMP), dump.sql, { mode: 0o600 })
    await writeFile(
      path.join(partial, BACKUP_MANIFEST),
      JSON.stringify({ created: now.toISOString(), rows: dump.summary.rows, files: dump.objects }, null, 2) + '\n',
    )
    const dir = path.join(settings.dir, name)
    await rename(partial, dir)
    return { dir, rows: dump.summary.rows, files: dump.objects.length, removed: await prune(settings) }
  }
  await rm(partial, { recursive: true, force: true })
  throw new Error(`stored files kept changing during ${ATTEMPTS} attempts; run the backup again`)
}

async function prune(settings: BackupSettings): Promise<string[]> {
  const backups = (await readdir(settings.dir)).filter((entry) => BACKUP_NAME.test(entry)).sort()
  const old = backups.slice(0, Math.max(0, backups.length - settings.keep))
  for (const entry of old) await rm(path.join(settings.dir, entry), { recursive: true, force: true })
  return old
}
