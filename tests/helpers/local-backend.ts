// Hands tests real supabase-js clients for a local backend started by backend-process.ts.
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startBackendProcess, type BackendProcess } from './backend-process.ts'

export { TEST_ADMIN } from './backend-process.ts'

export interface LocalBackend extends BackendProcess {
  anon(): SupabaseClient
  service(): SupabaseClient
  /** A client with any API key (the publishable or secret key, a legacy one), with extra headers. */
  withKey(key: string, headers?: Record<string, string>): SupabaseClient
  /** A fresh client signed in with email and password. */
  signIn(email: string, password: string): Promise<SupabaseClient>
  /**
   * A client whose requests come from `address` (the backend trusts no proxy, so the forwarded
   * address is the client): per-client limits then apply to it alone.
   */
  clientFrom(address: string): SupabaseClient
  /** A confirmed account made with the service-role key; its id. */
  createUser(email: string, password: string): Promise<string>
}

// Node 20 has no global WebSocket, which supabase-js requires when it builds a client (realtime is
// unused). `ws` implements the same API; only its constructor's typing differs.
const transport = WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']>

function clientFor(url: string, key: string, headers: Record<string, string> = {}): SupabaseClient {
  return createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false }, global: { headers }, realtime: { transport } })
}

/** Starts on a new temporary data directory, or on `existingDataDir` (e.g. one a restore made). */
export async function startLocalBackend(env: NodeJS.ProcessEnv = {}, existingDataDir?: string): Promise<LocalBackend> {
  const backend = await startBackendProcess(env, existingDataDir)
  // Object.assign keeps the process's getters (url and pid follow a restart).
  return Object.assign(backend, {
    anon: () => clientFor(backend.url, backend.keys.anonKey),
    service: () => clientFor(backend.url, backend.keys.serviceRoleKey),
    withKey: (key: string, headers: Record<string, string> = {}) => clientFor(backend.url, key, headers),
    async signIn(email: string, password: string) {
      // The publishable key: it works with legacy keys on or off.
      const client = clientFor(backend.url, backend.keys.publishableKey)
      const { error } = await client.auth.signInWithPassword({ email, password })
      if (error) throw new Error(`sign-in as ${email} failed: ${error.message}`)
      return client
    },
    clientFrom: (address: string) => clientFor(backend.url, backend.keys.anonKey, { 'x-forwarded-for': address }),
    async createUser(email: string, password: string) {
      const service = clientFor(backend.url, backend.keys.serviceRoleKey)
      const { data, error } = await service.auth.admin.createUser({ email, password, email_confirm: true })
      if (error) throw new Error(`creating ${email} failed: ${error.message}`)
      return data.user.id
    },
  })
}

/**
 * A backend whose database also holds a test's own fixture schema: started once (migrations and
 * seed applied), stopped, given the SQL directly, and started again so it reads the new schema.
 */
export async function startLocalBackendWithFixture(sql: string): Promise<LocalBackend> {
  const backend = await startLocalBackend()
  await backend.stop()
  const pg = await PGlite.create(path.join(backend.dataDir, 'pgdata'))
  await pg.exec(sql)
  await pg.close()
  await backend.restart()
  return backend
}
