// The data-access layer's client side: the typed client type and result unwrapping. Only this module
// and supabase.server.ts import supabase-js; data functions in src/features/*/api receive a client,
// and routes and components only ever see plain data.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'

export type Db = SupabaseClient<Database>

export interface SupabaseConfig {
  url: string
  anonKey: string
}

/** Unwraps a supabase-js result: the data, or an Error carrying the server's message for logs. */
export function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  if (result.data === null) throw new Error(`${what}: no data`)
  return result.data
}
