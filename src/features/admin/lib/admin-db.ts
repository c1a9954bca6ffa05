// The back office's one browser client, reachable from every admin route module's clientLoader and
// clientAction. The admin layout's client loader connects it with the config its server loader
// sends (URL and anon key, both public); every loader below it awaits it, because on the first page
// load all client loaders start at the same time. Tests hand it a client signed in for real.
import { createBrowserClient, type Db, type SupabaseConfig } from '~/lib/supabase'

let resolveDb: (db: Db) => void = () => {}
let connected: Promise<Db> = new Promise((resolve) => (resolveDb = resolve))
let current: Db | null = null

export function setAdminDb(db: Db): Db {
  if (current !== db) {
    if (current) connected = Promise.resolve(db)
    current = db
    resolveDb(db)
  }
  return db
}

export function connectAdminDb(config: SupabaseConfig): Db {
  return setAdminDb(createBrowserClient(config))
}

export function adminDb(): Promise<Db> {
  return connected
}
