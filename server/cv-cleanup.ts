// CVs that no application references: a visitor's CV is stored before its application is sent, so a
// CV whose application never came (a closed tab, a refused form) stays behind. A day after upload it
// is removed, on start and then every hour, through the Storage API with the service-role key: the
// API deletes the row and the file together (storage rows cannot be deleted from SQL, locally as on
// a hosted project). The same process serves both targets; a hosted project needs no pg_cron job.
import type { Db } from '../src/lib/supabase.ts'
import { createServiceClient } from '../src/lib/supabase.server.ts'

export const CV_CLEANUP_INTERVAL_MS = 60 * 60 * 1000
/** unclaimed_cvs() answers at most 1000 names; this many rounds bound one sweep. */
const MAX_ROUNDS = 20

/** Removes the CVs that unclaimed_cvs() names; returns how many went. */
export async function removeUnclaimedCvs(db: Db): Promise<number> {
  let removed = 0
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const { data: names, error } = await db.rpc('unclaimed_cvs')
    if (error) throw new Error(`listing unclaimed CVs failed: ${error.message}`)
    if (names.length === 0) break
    const { data: gone, error: removeError } = await db.storage.from('applications').remove(names)
    if (removeError) throw new Error(`removing unclaimed CVs failed: ${removeError.message}`)
    removed += gone.length
    // Whatever could not go now is tried again at the next sweep rather than in a tight loop.
    if (gone.length < names.length) break
  }
  return removed
}

/** Sweeps now and every hour; the timer does not keep the process alive. */
export function scheduleCvCleanup(supabaseUrl: string, serviceRoleKey: string): void {
  const db = createServiceClient(supabaseUrl, serviceRoleKey, 'cv-cleanup')
  const sweep = () => {
    removeUnclaimedCvs(db).then(
      (count) => {
        if (count > 0) console.log(`Removed ${count} CV${count === 1 ? '' : 's'} that no application references`)
      },
      (error: unknown) => console.error(`CV cleanup: ${(error as Error).message}`),
    )
  }
  sweep()
  setInterval(sweep, CV_CLEANUP_INTERVAL_MS).unref()
}
