// The data-access layer's client side: the typed client type, the browser client and result
// unwrapping. Only this module and supabase.server.ts import supabase-js; data functions in
// src/features/*/api receive a client, and routes and components only ever see plain data.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'

export type Db = SupabaseClient<Database>

export interface SupabaseConfig {
  url: string
  anonKey: string
}

export interface BrowserClientOptions {
  /**
   * Keep the session in localStorage across reloads (the back office's default). Tests that run
   * several signed-in clients in one page pass false so they do not share one stored session.
   */
  persistSession?: boolean
  /** Hand out the page's shared client for this project (default). Tests ask for a new one. */
  shared?: boolean
}

const browserClients = new Map<string, Db>()

/**
 * The browser's client: supabase-js keeps the signed-in session in localStorage and refreshes the
 * access token before it expires. One client per project URL, so every part of the page shares the
 * same session (two clients would race each other refreshing the same refresh token).
 */
export function createBrowserClient(config: SupabaseConfig, options: BrowserClientOptions = {}): Db {
  const persistSession = options.persistSession ?? true
  const cacheKey = `${config.url}|${config.anonKey}`
  const shared = persistSession && (options.shared ?? true)
  const cached = shared ? browserClients.get(cacheKey) : undefined
  if (cached) return cached
  const client = createClient<Database>(config.url, config.anonKey, {
    auth: { persistSession, autoRefreshToken: persistSession, detectSessionInUrl: false },
  })
  if (shared) browserClients.set(cacheKey, client)
  return client
}

/** Unwraps a supabase-js result: the data, or an Error carrying the server's message for logs. */
export function unwrap<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  if (result.data === null) throw new Error(`${what}: no data`)
  return result.data
}

/** Unwraps a result that may hold no row (`maybeSingle()`): the row or null, or an Error carrying the server's message. */
export function unwrapOptional<Result extends { data: unknown; error: { message: string } | null }>(
  result: Result,
  what: string,
): NonNullable<Result['data']> | null {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  return (result.data ?? null) as NonNullable<Result['data']> | null
}

/** Checks a write's result (which has no data unless asked for): throws an Error on failure. */
export function check(result: { error: { message: string } | null }, what: string): void {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
}
