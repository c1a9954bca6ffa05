// CVs that no application references: a visitor uploads the CV first and sends the application
// second, so a CV whose application never came (a closed tab, a refused form, a flood) is left
// behind. A day after upload it is removed, row and file, on start and then every hour.
import type { LocalDatabase } from '../db.ts'
import type { FileStore } from './files.ts'
import { isValidKey } from './paths.ts'

export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60 * 1000

const DELETE_ORPHANS_SQL = `
delete from storage.objects as o
 where o.bucket_id = 'applications'
   and o.created_at < now() - interval '1 day'
   and not exists (select 1 from public.job_applications as a where a.cv_path = o.name)
returning o.name`

/** Removes unreferenced CVs older than a day; returns how many went. */
export async function removeOrphanCvs(db: LocalDatabase, store: FileStore): Promise<number> {
  return store.writeLock(async () => {
    const names = await db.asSystem(async (tx) => (await tx.query<{ name: string }>(DELETE_ORPHANS_SQL)).rows.map((row) => row.name))
    for (const name of names) if (isValidKey(name)) await store.remove('applications', name)
    return names.length
  })
}

/** Sweeps now and every hour; the timer does not keep the process alive. */
export function scheduleOrphanCvRemoval(db: LocalDatabase, store: FileStore): void {
  const sweep = () => {
    removeOrphanCvs(db, store).then(
      (count) => {
        if (count > 0) console.log(`storage: removed ${count} CV${count === 1 ? '' : 's'} that no application references`)
      },
      (error: unknown) => console.error('storage: removing unreferenced CVs failed:', error),
    )
  }
  sweep()
  setInterval(sweep, ORPHAN_SWEEP_INTERVAL_MS).unref()
}
