// The one module that imports supabase-js. Data functions in src/features/*/api receive the typed
// client from here; routes and components only ever see plain data.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'

export type Db = SupabaseClient<Database>

export interface SupabaseConfig {
  url: string
  anonKey: string
}

/** A client for one server render: no session is stored or refreshed on the server. */
export function createServerClient(config: SupabaseConfig): Db {
  return createClient<Database>(config.url, config.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}

/** Unwraps a supabase-js result: the data, or an Error carrying the server's message for logs. */
export function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  if (result.data === null) throw new Error(`${what}: no data`)
  return result.data
}
