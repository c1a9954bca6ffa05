// The back office's one browser client, reachable from every admin route module's clientLoader and
// clientAction. The admin layout's client loader connects it with the config its server loader
// sends (URL and anon key, both public); every loader below it awaits it, because on the first page
// load all client loaders start at the same time. Tests hand it a client signed in for real.
import { createBrowserClient, type Db, type SupabaseConfig } from '~/lib/supabase'
import { getStaffSession, type StaffSession } from '../auth/api/staff-session'

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

let connectedConfig: SupabaseConfig | null = null

export function connectAdminDb(config: SupabaseConfig): Db {
  connectedConfig = config
  return setAdminDb(createBrowserClient(config))
}

/**
 * A client of the same project with no stored session, to prove a password without touching the
 * signed-in session (its two-factor level included).
 */
export function verifierDb(): Db {
  if (!connectedConfig) throw new Error('the back office is not connected')
  return createBrowserClient(connectedConfig, { persistSession: false })
}

export function adminDb(): Promise<Db> {
  return connected
}

let sessionCheck: Promise<StaffSession> | null = null

/**
 * Who is signed in, checked once for all the loaders of a navigation: they start together, and the
 * shell's guard and every screen's loader wait for the same answer.
 */
export function staffSession(): Promise<StaffSession> {
  if (!sessionCheck) {
    sessionCheck = adminDb().then(getStaffSession)
    const settled = () => setTimeout(() => (sessionCheck = null), 0)
    sessionCheck.then(settled, settled)
  }
  return sessionCheck
}

/** The client for a screen's reads, or null without a staff session (the shell's guard then sends the person to sign in, and the screen asks nothing). */
export async function staffDb(): Promise<Db | null> {
  const session = await staffSession()
  return session.kind === 'staff' ? adminDb() : null
}
